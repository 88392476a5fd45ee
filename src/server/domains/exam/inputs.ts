import { objectInput } from '../../http/paging';
import { entityInput, type EntityInputOptions } from '../../records/entity-input';

/**
 * The inputs of the actions whose body is a bank, a question or a paper, taken from their entity files
 * (schemas/exam-library.json, exam-question.json, exam-paper.json): a length, a range or a required
 * message is written there once, for the form and the server alike.
 *
 * The entity files' `default`s prefill the form. The server fills only the defaults it always filled
 * (`SERVER_DEFAULTS`): a question sent without a type is refused, not made single-choice, and an
 * update that leaves a score or the pass mark out keeps the stored one.
 */
const SERVER_DEFAULTS = ['testTime', 'testCount', 'showAnswer'];

const withServerDefaults = (name: string, opts: EntityInputOptions) => entityInput(name, { ...opts, defaults: SERVER_DEFAULTS });

// ------------------------------------------------------------------ banks and questions

export const libraryInput = withServerDefaults('examLibrary', {});
export const libraryUpdateInput = withServerDefaults('examLibrary', { id: 'required' });

/** 附件 of a question: an input of the API the editor does not show (not a field of the entity). */
const resources = { type: ['array', 'null'], maxItems: 5, items: { type: 'string', maxLength: 500, title: '附件' }, title: '附件' };
export const questionInput = withServerDefaults('examQuestion', { extra: { resources } });
export const questionUpdateInput = withServerDefaults('examQuestion', { id: 'required', extra: { resources } });

// ------------------------------------------------------------------ papers

/** A course paper's special topic (the special topic's pages send it; not a field of the paper form). */
const trainClassId = { type: ['integer', 'null'], minimum: 1, title: '所属专题' };
export const paperInput = withServerDefaults('examPaper', { extra: { trainClassId } });
export const coursePaperInput = withServerDefaults('examPaper', { extra: { trainClassId }, required: ['trainClassId'] });
export const paperUpdateInput = withServerDefaults('examPaper', { id: 'required', extra: { trainClassId } });

const paperId = { type: 'integer', minimum: 1, title: '试卷' };
export const paperQuestionsInput = withServerDefaults('examPaper', { fields: ['questionList'], extra: { paperId }, required: ['paperId', 'questionList'] });
export const paperSetsInput = withServerDefaults('examPaper', { fields: ['randomExamPaperSet'], extra: { paperId }, required: ['paperId', 'randomExamPaperSet'] });
export const paperTargetsInput = withServerDefaults('examPaper', { fields: ['teachTarget', 'userIds'], extra: { paperId }, required: ['paperId'] });

// ------------------------------------------------------------------ not an entity's body

export const paperIdInput = objectInput({ paperId: { type: 'integer', minimum: 1, title: '试卷' } }, ['paperId']);
export const usersInput = objectInput({ paperId: { type: 'integer', minimum: 1, title: '试卷' }, userIds: { type: 'array', minItems: 1, maxItems: 5000, items: { type: 'integer', minimum: 1 }, title: '参考人员', 'x-required-message': '请选择党员' } }, ['paperId', 'userIds']);

