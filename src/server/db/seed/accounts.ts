/**
 * The named demo accounts. Every one is also a party member (the default role at its own branch);
 * `roles` are the extra administrator roles with the organisation (organName) each is bound to.
 */
export interface DemoAccount {
  userName: string;
  name: string;
  sex: 1 | 2;
  phone: string;
  /** organName of the member's own branch */
  branch: string;
  userType: 0 | 1 | 2;
  description: string;
  roles: [roleName: string, organName: string][];
}

export const WENJIANG_BRANCH = '柳城街道凤凰社区党支部';
/** the demo district of the demo branch (districtadmin's) */
export const WENJIANG_DISTRICT = '中共成都市温江区委员会';

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    userName: 'admin', name: '王建国', sex: 1, phone: '13800000001', branch: '省委组织部组织一处党支部', userType: 1,
    description: '省级管理员（兼党员），另管理成都市委',
    roles: [['ProvinceAdmin', '中共四川省委员会'], ['CityAdmin', '中共成都市委员会']],
  },
  { userName: 'member', name: '李明', sex: 1, phone: '13800000002', branch: WENJIANG_BRANCH, userType: 0, description: '党员（温江区柳城街道凤凰社区党支部）', roles: [] },
  {
    userName: 'teacher', name: '张文华', sex: 2, phone: '13800000003', branch: '省委党校党建教研部党支部', userType: 2,
    description: '教师（兼党员，省委党校）', roles: [['Teacher', '中共四川省委党校机关委员会']],
  },
  {
    userName: 'cityadmin', name: '刘志强', sex: 1, phone: '13800000004', branch: '春熙路街道机关党支部', userType: 1,
    description: '市级管理员（兼党员，成都市委）', roles: [['CityAdmin', '中共成都市委员会']],
  },
  {
    userName: 'districtadmin', name: '陈晓燕', sex: 2, phone: '13800000005', branch: '柳城街道机关党支部', userType: 1,
    description: '区县管理员（兼党员，温江区委）', roles: [['DistrictAdmin', '中共成都市温江区委员会']],
  },
  {
    userName: 'district2admin', name: '杨立新', sex: 1, phone: '13800000006', branch: '郫筒街道机关党支部', userType: 1,
    description: '区县管理员（兼党员，郫都区委，温江区的兄弟区）', roles: [['DistrictAdmin', '中共成都市郫都区委员会']],
  },
  {
    userName: 'branchadmin', name: '赵丽华', sex: 2, phone: '13800000007', branch: WENJIANG_BRANCH, userType: 1,
    description: '支部管理员（兼党员，温江区柳城街道凤凰社区党支部）', roles: [['BranchAdmin', WENJIANG_BRANCH]],
  },
];

/**
 * 三员分立 (docs/SECURITY.md §15): the three privileged administrators of the province, one role each.
 * Accounts of their own, not party members of the demo (so the generated province stays as it was),
 * seeded after everything else.
 */
export const PRIVILEGED_ACCOUNTS: { userName: string; name: string; role: string; description: string }[] = [
  { userName: 'sysadmin', name: '周建民', role: 'SystemAdmin', description: '系统管理员（三员之一：组织、用户、菜单、代码表；不能授权，不能看安全日志）' },
  { userName: 'secadmin', name: '吴海燕', role: 'SecurityAdmin', description: '安全管理员（三员之一：角色、授权、安全策略、在线用户）' },
  { userName: 'auditadmin', name: '郑国平', role: 'AuditAdmin', description: '审计管理员（三员之一：只查阅安全日志与审计日志，校验摘要链）' },
];
