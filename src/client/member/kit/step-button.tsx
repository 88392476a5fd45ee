/**
 * A row's button for one workflow step (撤回, 去评价…): shown only while the server lists the step in
 * the record's `availableTransitions`, busy while the action runs on this very record.
 */
import { Button, type ButtonProps } from 'antd';
import type { Action } from './use-action';

export interface StepButtonProps<T extends { availableTransitions?: string[] }> extends Omit<ButtonProps, 'onClick' | 'loading'> {
  record: T;
  step: string;
  action: Action<[T], unknown>;
}

export function StepButton<T extends { availableTransitions?: string[] }>({ record, step, action, children, ...button }: StepButtonProps<T>) {
  if (!record.availableTransitions?.includes(step)) return null;
  return (
    <Button {...button} loading={action.running?.[0] === record} onClick={() => void action.run(record)}>
      {children}
    </Button>
  );
}
