/** 操作手册: a short guide to the member space. */
import { Typography } from 'antd';

const { Title, Paragraph } = Typography;

export default function ManualPage() {
  return (
    <div className="dj-card" style={{ padding: 24 }}>
      <Typography>
        <Title level={3}>操作手册</Title>
        <Title level={5}>一、登录</Title>
        <Paragraph>使用账号密码、证书或单点登录进入平台。连续输错密码3次需输入图形验证码，5次将锁定账号5分钟。忘记密码可通过绑定的手机号找回。</Paragraph>
        <Title level={5}>二、党员空间</Title>
        <Paragraph>查看通知公告，办理困难帮扶、组织关系转接、流动党员登记、村官申请等服务，进入直播大厅观看直播。</Paragraph>
        <Title level={5}>三、我的学习</Title>
        <Paragraph>学习上级精神、基层动态、集中轮训和专题课程；在党员书架中观看视频、收听音频、阅读文件，学习时长自动计入学时；参加专题考试、提交思想汇报、参与学习论坛。</Paragraph>
        <Title level={5}>四、我与支部、我的实践</Title>
        <Paragraph>查看党务公开、参加组织生活、缴纳党费、查看党建地图；参加志愿活动，申领党员示范岗和责任区。</Paragraph>
        <Title level={5}>五、切换身份</Title>
        <Paragraph>拥有管理员角色的用户，可在页面顶部点击“切换管理员”进入管理后台，在后台点击“切换党员”回到党员空间，点击“切换管理组织”在所管理的党组织之间切换。</Paragraph>
      </Typography>
    </div>
  );
}
