import { describe, expect, it } from 'vitest';
import { idCardContradictions, idCardFacts } from '../../src/contract/validators';

describe('idCardFacts: one rule for server and browser', () => {
  it('reads birthday and sex from a whole 18-digit number with the right check character', () => {
    expect(idCardFacts('510115199205061239')).toEqual({ birthday: '1992-05-06', sex: 1 });
    expect(idCardFacts('11010519491231002x')).toEqual({ birthday: '1949-12-31', sex: 2 });
  });
  it('says nothing of a wrong check character, an impossible day, a masked or short number', () => {
    expect(idCardFacts('510115199205061238')).toBeNull();
    expect(idCardFacts('510115199202301233')).toBeNull(); // 30 February, even with its check character
    expect(idCardFacts('510115********1239')).toBeNull();
    expect(idCardFacts('51011519920506')).toBeNull();
    expect(idCardFacts(null)).toBeNull();
  });
  it('names the contradicting fields in Chinese', () => {
    expect(idCardContradictions('510115199205061239', { sex: 1, birthday: '1992-05-06' })).toEqual([]);
    expect(idCardContradictions('510115199205061239', { sex: null, birthday: '' })).toEqual([]);
    expect(idCardContradictions('510115199205061239', { sex: '2', birthday: '1992-05-07' })).toEqual([
      { message: '性别与身份证号不符：身份证号显示为男', members: ['sex'] },
      { message: '出生日期与身份证号不符：身份证号显示为1992-05-06', members: ['birthday'] },
    ]);
  });
});
