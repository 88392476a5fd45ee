/**
 * antd's Dropdown loaded on first use: the member layout's user menu and message bell
 * draw only their trigger at first paint; pointing at, focusing or clicking it loads Dropdown (with
 * rc-menu and rc-trigger), and the first click opens it as soon as it is there. The trigger is a
 * button for the keyboard: Enter or Space opens and closes it, Escape closes it (rc-dropdown).
 */
import { cloneElement, useEffect, useRef, useState, type KeyboardEvent, type ReactElement } from 'react';
import type { DropdownProps } from 'antd';

type DropdownType = typeof import('antd/es/dropdown').default;
let loaded: DropdownType | undefined;
let loading: Promise<DropdownType> | undefined;
const loadDropdown = () => (loading ??= import('antd/es/dropdown').then((m) => (loaded = m.default)));

type TriggerProps = { ref?: unknown; onClick?: (e: unknown) => void; onKeyDown?: (e: KeyboardEvent) => void; onMouseEnter?: (e: unknown) => void; onFocus?: (e: unknown) => void };

export function LazyDropdown({ children, ...props }: Omit<DropdownProps, 'open' | 'children'> & { children: ReactElement<TriggerProps> }) {
  const [Dropdown, setDropdown] = useState<DropdownType | undefined>(() => loaded);
  const [open, setOpen] = useState(false);
  // 'key' when Enter or Space asked for it: focus goes back to the trigger, drawn anew inside Dropdown
  const [wanted, setWanted] = useState<false | 'click' | 'key'>(false);
  const ref = useRef<HTMLElement>(null);
  // pointing or focusing only fetches the code; the trigger changes when it is asked to open
  const preload = () => void loadDropdown();
  const want = (how: 'click' | 'key') => {
    setWanted(how);
    void loadDropdown().then((d) => setDropdown(() => d));
  };
  useEffect(() => {
    if (Dropdown && wanted) {
      setOpen(true);
      if (wanted === 'key') ref.current?.focus();
      setWanted(false);
    }
  }, [Dropdown, wanted]);
  const trigger = cloneElement(children, {
    ref,
    tabIndex: 0,
    role: 'button',
    'aria-haspopup': 'menu',
    'aria-expanded': open,
    onKeyDown: (e: KeyboardEvent) => {
      children.props.onKeyDown?.(e);
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        if (Dropdown) setOpen((o) => !o);
        else want('key');
      }
    },
    ...(Dropdown
      ? {}
      : {
          onMouseEnter: preload,
          onFocus: preload,
          onClick: () => want('click'),
        }),
  } as TriggerProps);
  if (!Dropdown) return trigger;
  return (
    <Dropdown
      {...props}
      open={open}
      onOpenChange={(next, info) => {
        setOpen(next);
        props.onOpenChange?.(next, info);
      }}
    >
      {trigger}
    </Dropdown>
  );
}
