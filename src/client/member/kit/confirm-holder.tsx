/** antd's confirm through Modal.useModal, in the layout's context (theme, locale); loaded by ConfirmHost. */
import { useEffect, useRef } from 'react';
import Modal from 'antd/es/modal';
import { confirmProps, type ConfirmRequest } from './confirm';

export default function ConfirmHolder({ requests }: { requests: ConfirmRequest[] }) {
  const [modal, holder] = Modal.useModal();
  const shown = useRef(new Set<ConfirmRequest>());
  useEffect(() => {
    for (const r of requests) {
      if (shown.current.has(r)) continue;
      shown.current.add(r);
      modal.confirm(confirmProps(r));
    }
  }, [requests, modal]);
  return holder;
}
