/** Where the member layout's confirms show (see confirm.ts); antd's Modal loads with the first. */
import { lazy, Suspense, useEffect, useState } from 'react';
import { setConfirmHost, type ConfirmRequest } from './confirm';

const ConfirmHolder = lazy(() => import('./confirm-holder'));

export function ConfirmHost() {
  const [requests, setRequests] = useState<ConfirmRequest[]>([]);
  useEffect(() => setConfirmHost((r) => setRequests((list) => [...list, r])), []);
  return requests.length ? (
    <Suspense fallback={null}>
      <ConfirmHolder requests={requests} />
    </Suspense>
  ) : null;
}
