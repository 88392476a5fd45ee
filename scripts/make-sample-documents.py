#!/usr/bin/env python3
"""
Writes the demo's Chinese sample documents into public/samples/ (run once by a developer, the PDFs
are committed; `npm start` only copies them). Needs Debian's python3-reportlab and
fonts-wqy-microhei:  apt-get install python3-reportlab fonts-wqy-microhei && /usr/bin/python3 scripts/make-sample-documents.py
The font is embedded as a subset, so the PDFs read the same on a machine without Chinese fonts.
"""
import os
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate, Spacer

FONT = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc'
pdfmetrics.registerFont(TTFont('Hei', FONT, subfontIndex=0))
OUT = os.path.join(os.path.dirname(__file__), '..', 'public', 'samples')

title = ParagraphStyle('title', fontName='Hei', fontSize=20, leading=30, alignment=1, spaceAfter=10, textColor='#a8071a')
sub = ParagraphStyle('sub', fontName='Hei', fontSize=11, leading=18, alignment=1, spaceAfter=16, textColor='#595959')
h = ParagraphStyle('h', fontName='Hei', fontSize=14, leading=22, spaceBefore=10, spaceAfter=6)
body = ParagraphStyle('body', fontName='Hei', fontSize=11, leading=20, firstLineIndent=22, wordWrap='CJK', spaceAfter=6)

DOCS = {
    'party-handbook.pdf': ('党员学习手册（节选）', '省委组织部 编 · 供党员日常学习使用', [
        ('第一章　学习的目的与要求', [
            '加强学习是党员增强党性、提高本领的基本途径。每名党员都应当把学习作为一种责任、一种精神追求，做到学而信、学而思、学而行。',
            '党员参加学习，应当坚持理论联系实际，围绕本职工作和所在党组织的中心任务，带着问题学，做到学用结合、知行合一。',
            '党组织负责安排本组织党员的学习，结合“三会一课”、主题党日等制度，组织集中学习，督促党员完成个人自学任务。',
        ]),
        ('第二章　学习内容与方式', [
            '学习内容主要包括：党的基本理论、基本路线、基本方略；党章和党内法规；党的历史；国家法律法规；履行岗位职责所需的业务知识。',
            '学习方式包括集中学习、个人自学和线上学习。党员可以通过本平台的“党员书架”观看视频、收听音频、阅读文档，学习记录由平台自动记入学时。',
            '线下参加的集中学习、专题培训等，可以在“我的学习—线下学时申报”中如实申报，经所在党组织审核通过后计入学时。',
        ]),
        ('第三章　学时与考核', [
            '平台按照实际学习时长计算学时：视频和音频以播放时长为准，文档以阅读时长为准，同一资源累计学时不超过其规定学时。',
            '党员每年度应当完成规定的学时任务，学时完成情况作为评先评优、民主评议党员的参考。',
            '党组织应当定期查看本组织党员的学习情况，对学习进度较慢的党员及时提醒，帮助其合理安排学习时间。',
            '学习中遇到问题，可以向所在党支部或上级党组织咨询，也可以通过平台“站内消息”反映意见和建议。',
        ]),
    ]),
    'theory-study-guide.pdf': ('理论学习导读：坚定理想信念', '党员理论学习辅导材料', [
        ('一、为什么要坚定理想信念', [
            '理想信念是共产党人精神上的“钙”。坚定的理想信念，是党员经受住各种考验、走好人生道路的精神支柱。',
            '坚定理想信念，不是一句口号，要落实到学习、工作和生活的方方面面，体现在日常的一言一行之中。',
        ]),
        ('二、怎样坚定理想信念', [
            '要认真学习党的创新理论，读原著、学原文、悟原理，在真学真懂中增进政治认同、思想认同、理论认同、情感认同。',
            '要在实践中锤炼，立足岗位作贡献，在完成急难险重任务中检验和磨砺自己。',
            '要经常对照党章检查自己，积极开展批评和自我批评，自觉抵制各种错误思想的侵蚀。',
        ]),
        ('三、学习建议', [
            '建议每周安排固定时间自学，并结合本平台的视频、音频资源开展学习，做好学习笔记，撰写心得体会。',
        ]),
    ]),
    'branch-work-qa.pdf': ('党支部工作实务问答', '基层党务工作者参考', [
        ('问：什么是“三会一课”？', [
            '答：“三会一课”是指定期召开支部党员大会、支部委员会、党小组会，按时上好党课。它是党的组织生活的基本制度。',
        ]),
        ('问：主题党日一般怎样组织？', [
            '答：党支部一般每月相对固定一天开展主题党日，内容可以包括集中学习、重温入党誓词、交纳党费、志愿服务等，活动要有计划、有记录。',
        ]),
        ('问：组织生活会与民主评议党员有什么要求？', [
            '答：党支部一般每年至少召开一次组织生活会，开展批评和自我批评，并结合组织生活会开展民主评议党员。会前要认真谈心谈话，会后要抓好问题整改。',
        ]),
        ('问：党员组织关系怎样转接？', [
            '答：党员因工作、居住地变化需要转移组织关系的，向所在党支部提出申请，经转出和接收党组织审核同意后办理，本平台“组织关系转接”可以在线办理。',
        ]),
    ]),
    'party-history-milestones.pdf': ('党史学习要点：重要会议与事件', '党史学习教育参考提纲', [
        ('建党与新民主主义革命时期', [
            '1921年7月，中国共产党第一次全国代表大会召开，宣告中国共产党正式成立。',
            '1927年8月1日，南昌起义打响了武装反抗国民党反动派的第一枪。',
            '1935年1月，遵义会议召开，这是党的历史上一个生死攸关的转折点。',
            '1949年10月1日，中华人民共和国成立。',
        ]),
        ('社会主义革命和建设时期以来', [
            '1978年12月，党的十一届三中全会召开，实现了新中国成立以来党的历史上具有深远意义的伟大转折。',
            '2012年11月，党的十八大召开，中国特色社会主义进入新时代。',
            '2022年10月，党的二十大召开。',
        ]),
        ('学习方法', [
            '学习党史，要把握历史主题和主线，从党的奋斗历程中汲取智慧和力量，做到学史明理、学史增信、学史崇德、学史力行。',
        ]),
    ]),
    'rules-study-notes.pdf': ('党章党规学习笔记（范例）', '供党员撰写学习笔记参考', [
        ('一、学习篇目', [
            '《中国共产党章程》总纲及第一章“党员”。',
        ]),
        ('二、主要收获', [
            '通过学习，进一步明确了党员必须履行的义务和享有的权利，认识到党员首先是普通劳动人民的一员，除了法律和政策规定范围内的个人利益和工作职权以外，不得谋求任何私利和特权。',
        ]),
        ('三、对照检查', [
            '对照党章要求，自己在主动学习、联系群众等方面还有差距。今后要按时参加组织生活，完成学习任务，在本职岗位上发挥先锋模范作用。',
        ]),
        ('四、笔记要求', [
            '学习笔记应当写明学习时间、篇目、主要内容和个人体会，做到有摘录、有思考、有对照，避免照抄照搬。',
        ]),
    ]),
    'party-dues-guide.pdf': ('党费交纳工作指引', '党支部组织委员工作参考', [
        ('一、基本要求', [
            '交纳党费是党员必须履行的义务，也是党员关心党的事业、增强党的观念的具体体现。党员应当按月交纳党费，特殊情况可以按季度交纳。',
        ]),
        ('二、交纳基数与比例', [
            '党费按照党员的收入情况和规定比例计算，具体以所在单位和上级党组织的规定为准。党员收入发生变化时，应当及时告知党支部重新核定。',
        ]),
        ('三、支部工作', [
            '党支部应当建立党费收缴台账，按时公布党费收缴情况，接受党员监督。本平台“党费管理”可以查看交纳记录和统计情况。',
        ]),
    ]),
}


def build(path, doc_title, subtitle, sections):
    doc = SimpleDocTemplate(path, pagesize=A4, leftMargin=22 * mm, rightMargin=22 * mm, topMargin=22 * mm, bottomMargin=22 * mm,
                            title=doc_title, author='党员教育培训平台（演示）', subject=doc_title)
    story = [Paragraph(doc_title, title), Paragraph(subtitle, sub)]
    for i, (heading, paragraphs) in enumerate(sections):
        if i and path.endswith('party-handbook.pdf'):
            story.append(PageBreak())
        story.append(Paragraph(heading, h))
        for p in paragraphs:
            story.append(Paragraph(p, body))
        story.append(Spacer(1, 4))
    doc.build(story)


for name, (doc_title, subtitle, sections) in DOCS.items():
    build(os.path.join(OUT, name), doc_title, subtitle, sections)
    print(name, os.path.getsize(os.path.join(OUT, name)))
