/**
 * RateTable: a paper's correct rate per question (GetExamResultByPaperId `questions`, lowest first)
 * in a fixed-width table, so that long question titles wrap inside a detail instead of widening it.
 */
import { Table } from 'antd';
import { Empty } from '../basic/empty';
import type { ReadProps } from '../registry';
import type { QuestionRate } from '../../../contract/exam';

type Row = QuestionRate;

export function Read({ value }: ReadProps) {
  const rows = (Array.isArray(value) ? value : []) as Row[];
  if (!rows.length) return <Empty />;
  return (
    <Table
      size="small"
      rowKey="questionId"
      tableLayout="fixed"
      pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      dataSource={rows}
      columns={[
        { title: '题干', dataIndex: 'title' },
        { title: '题型', dataIndex: 'typeName', width: 72 },
        { title: '作答', dataIndex: 'answerCount', width: 60 },
        { title: '答对', dataIndex: 'rightCount', width: 60 },
        { title: '正确率', dataIndex: 'rightRate', width: 76, render: (v: number) => `${v}%` },
      ]}
    />
  );
}
export default Read;
