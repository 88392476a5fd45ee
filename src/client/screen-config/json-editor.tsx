/**
 * The JSON editor of 界面配置: CodeMirror 6 (loaded only with this page) knowing the meta-schema —
 * keys and enum values completed, hover help from the schema's titles and descriptions, errors
 * marked at their JSON pointer as one types (the browser's check, then the server's).
 */
import { useEffect, useRef } from 'react';
import { EditorState } from '@codemirror/state';
import { EditorView, hoverTooltip, keymap, lineNumbers, highlightActiveLine } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, foldGutter, indentOnInput, syntaxHighlighting, defaultHighlightStyle } from '@codemirror/language';
import { json } from '@codemirror/lang-json';
import { forceLinting, linter, lintGutter, type Diagnostic as CmDiagnostic } from '@codemirror/lint';
import { autocompletion, closeBrackets, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { helpOf, keysAt, locate, pathAt, schemasAt, valuesAt, type Diagnostic } from './schema-help';

export interface JsonEditorProps {
  value: string;
  onChange(text: string): void;
  /** the meta-schema of the file */
  schema: Record<string, any>;
  /** every error of the current text, browser's and server's, as ranges */
  diagnostics: Diagnostic[];
  label: string;
}

function completions(schema: Record<string, any>) {
  return (ctx: CompletionContext): CompletionResult | null => {
    const text = ctx.state.doc.toString();
    const word = ctx.matchBefore(/"?[\w$-]*/);
    const { path, atKey } = locate(text, ctx.pos);
    const from = word ? word.from : ctx.pos;
    if (atKey) {
      const options = keysAt(schema, path.slice(0, -1)).map((k) => ({ label: `"${k.key}"`, apply: `"${k.key}": `, detail: k.help.split('\n')[0]?.slice(0, 40), info: k.help || undefined, type: 'property' }));
      return options.length ? { from, options, validFor: /^"?[\w$-]*$/ } : null;
    }
    const values = valuesAt(schema, path);
    if (!values.length) return null;
    return { from, options: values.map((v) => ({ label: JSON.stringify(v), type: 'enum' })), validFor: /^"?[\w$-]*$/ };
  };
}

export default function JsonEditor({ value, onChange, schema, diagnostics, label }: JsonEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef({ onChange, diagnostics });
  latest.current = { onChange, diagnostics };

  useEffect(() => {
    const hover = hoverTooltip((v, pos) => {
      const at = pathAt(v.state.doc.toString(), pos);
      if (!at) return null;
      const help = helpOf(schemasAt(schema, at.path));
      if (!help) return null;
      return {
        pos: at.from,
        end: at.to,
        create() {
          const dom = document.createElement('div');
          dom.className = 'dj-config-hover';
          dom.textContent = `${at.path.join(' › ') || '（根）'}\n${help}`;
          return { dom };
        },
      };
    });
    const lint = linter((): CmDiagnostic[] => latest.current.diagnostics.map((d) => ({ from: d.from, to: d.to, severity: 'error', message: d.pointer ? `${d.pointer} ${d.message}` : d.message })), { delay: 200 });
    const v = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          foldGutter(),
          history(),
          indentOnInput(),
          bracketMatching(),
          closeBrackets(),
          highlightActiveLine(),
          syntaxHighlighting(defaultHighlightStyle),
          json(),
          lintGutter(),
          lint,
          hover,
          autocompletion({ override: [completions(schema)] }),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          EditorView.contentAttributes.of({ 'aria-label': label }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) latest.current.onChange(u.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = v;
    return () => v.destroy();
    // the editor is made once; later values come in below
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [schema]);

  // a value set from outside (the form view, a version restored) replaces the text
  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== value) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
  }, [value]);

  // new diagnostics (the server's check answered): lint again
  useEffect(() => {
    const v = view.current;
    if (v) forceLinting(v);
  }, [diagnostics]);

  return <div ref={host} className="dj-config-editor" data-testid="config-json-editor" />;
}
