/**
 * 中国共产党党员组织关系介绍信 of a transfer out of the province: the number the sending organisation
 * gave it, the addressee, the text, the issuer and the date. 打印介绍信 prints the letter alone: a copy
 * of it sits directly under <body> (hidden on screen), and while it is there the print style shows
 * only that copy (organ-switch.css, @media print) — no blank pages for the page around it.
 */
import { createPortal } from 'react-dom';
import { Button } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import type { OrganChange } from '../../api/party-space';
import { formatPlatform } from '../../utils/platform-time';
import '../kit/workflow.css';
import './organ-switch.css';

/** a date as 2026年11月24日 (the letter's own style); the stored value is a platform day YYYY-MM-DD */
export function letterDay(day: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day ?? '');
  return m ? `${m[1]}年${Number(m[2])}月${Number(m[3])}日` : '';
}

function Letter({ record }: { record: OrganChange }) {
  const day = record.letterDate || formatPlatform(record.creationTime);
  return (
    <article className="dj-letter">
      <h1 className="dj-letter__title">中国共产党党员组织关系介绍信</h1>
      <div className="dj-letter__no">编号：{record.letterNo}</div>
      <p className="dj-letter__to">{record.toOrganName}：</p>
      <p className="dj-letter__text">
        兹介绍 <u>{record.ownerName}</u> 同志（中共党员）的党员组织关系由 <u>{record.fromOrganName}</u> 转去你处，请接洽。
      </p>
      <div className="dj-letter__sign">
        <div>{record.fromOrganName}</div>
        <div>{letterDay(day)}</div>
      </div>
    </article>
  );
}

export function IntroductionLetter({ record }: { record: OrganChange }) {
  return (
    <section className="dj-letter-wrap" data-testid="introduction-letter">
      <div className="dj-letter-wrap__bar">
        <span className="dj-workflow__section-title">组织关系介绍信</span>
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          打印介绍信
        </Button>
      </div>
      <Letter record={record} />
      {createPortal(
        <div className="dj-letter-print" aria-hidden>
          <Letter record={record} />
        </div>,
        document.body,
      )}
    </section>
  );
}
