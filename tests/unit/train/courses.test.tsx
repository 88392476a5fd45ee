/**
 * 培训班 courses: a course's fields checked as the server checks them (Chinese messages by
 * field, end after start, 学时 to one decimal), the sign-in window on both sides, and the admin's QR
 * code of SignCode (the absolute address of the member page under the client's base path).
 */
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { COURSE_MSG, courseValues } from '../../../src/server/domains/training/courses-input';
import { signWindow } from '../../../src/server/domains/training/courses-read';
import { signPhase } from '../../../src/client/member/train/sign-phase';
import { absoluteSignUrl } from '../../../src/client/widgets/sign-code-qr/sign-url';
import { SignCodeQr } from '../../../src/client/widgets/sign-code-qr';

const call = { ctx: { config: { platformTz: 'Asia/Shanghai' } } } as any;
const fields = { courseName: ' 党章学习 ', startTime: '2026-12-01 09:00', endTime: '2026-12-01 11:30', period: 2.46 };

describe('a course’s fields', () => {
  it('wall-clock times are the platform zone’s; 学时 keeps one decimal', () => {
    const { values, errors } = courseValues(call, fields);
    expect(errors).toEqual([]);
    expect(values).toMatchObject({ courseName: '党章学习', courseType: 1, period: 2.5 });
    expect(values.startTime.toISOString()).toBe('2026-12-01T01:00:00.000Z');
  });

  it('refuses a blank name, an end before the start and bad times, by field (prefixed in a batch)', () => {
    expect(courseValues(call, { ...fields, courseName: '  ' }).errors).toEqual([{ message: COURSE_MSG.nameRequired, members: ['courseName'] }]);
    expect(courseValues(call, { ...fields, endTime: '2026-12-01 08:00' }, 'courses[1].').errors).toEqual([{ message: COURSE_MSG.endBeforeStart, members: ['courses[1].endTime'] }]);
    expect(courseValues(call, { ...fields, startTime: '明天' }).errors[0]).toEqual({ message: COURSE_MSG.startInvalid, members: ['startTime'] });
  });
});

describe('the sign-in window', () => {
  const course = { startTime: '2026-12-01T01:00:00.000Z', endTime: '2026-12-01T03:30:00.000Z' };
  it('opens 30 minutes before the start and closes at the end, on the server and the page alike', () => {
    const w = signWindow({ startTime: new Date(course.startTime), endTime: new Date(course.endTime) })!;
    expect(w.from.toISOString()).toBe('2026-12-01T00:30:00.000Z');
    expect(w.to.toISOString()).toBe(course.endTime);
    expect(signPhase(course, Date.parse('2026-12-01T00:29:59Z'))).toBe('before');
    expect(signPhase(course, Date.parse('2026-12-01T00:30:00Z'))).toBe('open');
    expect(signPhase(course, Date.parse('2026-12-01T03:30:00Z'))).toBe('open');
    expect(signPhase(course, Date.parse('2026-12-01T03:30:01Z'))).toBe('after');
    expect(signPhase({ startTime: null, endTime: null }, 0)).toBe('none');
  });
});

describe('SignCodeQr', () => {
  const signUrl = '/partyMember/iStudy/rotationTrain/info?id=3&courseId=7&code=012345';
  it('encodes the member page’s absolute address under the client’s base path', () => {
    expect(absoluteSignUrl(signUrl, 'https://dj.example.cn', '/dj/')).toBe(`https://dj.example.cn/dj${signUrl}`);
    expect(absoluteSignUrl(signUrl, 'http://localhost:8080', '/')).toBe(`http://localhost:8080${signUrl}`);
    expect(absoluteSignUrl('https://x.cn/a', 'http://o', '/dj/')).toBe('https://x.cn/a');
  });

  it('shows the QR code, the code and its end in a call-result dialog’s cell', () => {
    render(<SignCodeQr value={signUrl} record={{ code: '012345', validTo: '2026-12-01T03:30:00.000Z', signUrl }} />);
    expect(screen.getByTestId('sign-code-qr')).toBeTruthy();
    expect(screen.getByText('012345')).toBeTruthy();
    expect(screen.getByText(/有效期至 2026-12-01 11:30/)).toBeTruthy();
    expect(document.querySelector('.ant-qrcode')).toBeTruthy();
  });
});

describe('the 学习笔记 dialog', () => {
  it('asks 笔记标题 / 笔记内容 with its own messages, not the topic’s 学习心得 words', async () => {
    const { noteEntity } = await import('../../../src/client/member/train/course-note');
    const { entityFile } = await import('../../../src/server/records/entity-input');
    const def = noteEntity(entityFile('specialNote') as any);
    expect(def.title).toBe('学习笔记');
    expect(def.schema.properties.title).toMatchObject({ title: '笔记标题', 'x-required-message': '请输入笔记标题', maxLength: 100 });
    expect(def.schema.properties.content).toMatchObject({ title: '笔记内容', 'x-required-message': '请输入笔记内容' });
    expect(JSON.stringify([def.title, def.schema.properties.title, def.schema.properties.content])).not.toContain('心得');
  });
});
