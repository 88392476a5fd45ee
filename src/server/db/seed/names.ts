import type { Rng } from './prng';

/** Surnames ordered roughly by frequency in Sichuan; pickSkewed favours the common ones. */
const SURNAMES = [
  '王', '李', '张', '刘', '陈', '杨', '罗', '何', '黄', '赵', '周', '吴', '邓', '徐', '曾', '胡', '谢', '唐', '彭', '蒋',
  '袁', '冯', '孙', '郭', '马', '朱', '高', '林', '郑', '梁', '宋', '许', '韩', '曹', '肖', '田', '董', '潘', '于', '蔡',
  '余', '杜', '叶', '程', '苏', '魏', '吕', '丁', '任', '沈', '姚', '卢', '姜', '崔', '钟', '谭', '陆', '汪', '范', '金',
  '石', '廖', '贾', '夏', '付', '方', '白', '邹', '孟', '熊', '秦', '邱', '江', '尹', '薛', '段', '雷', '侯', '龙', '史',
  '陶', '黎', '贺', '顾', '毛', '郝', '龚', '邵', '万', '钱', '严', '向', '汤', '文', '舒', '敬', '母', '苟', '税', '伍',
];

const MALE_CHARS = [
  '伟', '刚', '勇', '军', '杰', '涛', '明', '强', '磊', '洋', '斌', '鹏', '超', '波', '辉', '华', '平', '林', '峰', '建',
  '国', '志', '文', '武', '海', '东', '亮', '宇', '浩', '俊', '鑫', '凯', '帅', '龙', '成', '兵', '翔', '松', '晨', '坤',
  '德', '福', '庆', '祥', '荣', '勋', '宏', '昌', '毅', '锋', '剑', '金', '家', '永', '立', '新', '春', '光', '远', '川',
];
const FEMALE_CHARS = [
  '芳', '娟', '敏', '静', '丽', '艳', '娜', '霞', '秀', '英', '玲', '燕', '红', '梅', '琳', '莉', '婷', '雪', '慧', '颖',
  '琴', '萍', '倩', '蓉', '洁', '兰', '佳', '悦', '欣', '雯', '璐', '晶', '春', '华', '群', '凤', '琼', '丹', '瑶', '月',
];

/** sex: 1 male, 2 female */
export function chineseName(rng: Rng, sex: 1 | 2): string {
  const pool = sex === 1 ? MALE_CHARS : FEMALE_CHARS;
  const surname = rng.pickSkewed(SURNAMES);
  const given = rng.chance(0.62) ? rng.pick(pool) + rng.pick(pool) : rng.pick(pool);
  return surname + given;
}

export function chineseNameAnySex(rng: Rng): string {
  return chineseName(rng, rng.chance(0.6) ? 1 : 2);
}
