/**
 * The live preview: the draft rendered by the real engine (the registry of kinds), calling the real
 * API with the implementer's own session — it can never show more than he may see. It follows the
 * draft once the draft passes the meta-schema (a broken draft keeps the last good one on screen).
 */
import { Component, Suspense, type ReactNode } from 'react';
import { Alert, App, Spin } from 'antd';
import { getKind, isKindRegistered } from '../engine/kinds';
import type { ScreenDef, UiConfig } from '../engine/types';

class Boundary extends Component<{ children: ReactNode; resetKey: number }, { error: string | null; key: number }> {
  state = { error: null as string | null, key: 0 };
  static getDerivedStateFromError(e: Error) {
    return { error: e.message };
  }
  static getDerivedStateFromProps(p: { resetKey: number }, s: { key: number }) {
    return p.resetKey !== s.key ? { error: null, key: p.resetKey } : null;
  }
  render() {
    return this.state.error ? <Alert type="warning" showIcon message="预览无法显示该配置" description={this.state.error} /> : this.props.children;
  }
}

export function ScreenPreview({ screen, config, basePath, revision }: { screen: ScreenDef; config: UiConfig; basePath: string; revision: number }) {
  if (!isKindRegistered(screen.kind) || screen.kind === 'configEditor') return <Alert type="info" message="该类型的界面没有预览" />;
  const Kind = getKind(screen.kind);
  const withDraft: UiConfig = { ...config, screens: { ...config.screens, [screen.tag]: screen } };
  return (
    <div className="dj-config-preview" data-testid="config-preview" aria-label="预览">
      <Boundary resetKey={revision}>
        <App component={false}>
          <Suspense fallback={<Spin />}>
            <Kind key={revision} screen={screen} config={withDraft} basePath={basePath} />
          </Suspense>
        </App>
      </Boundary>
    </div>
  );
}
