import { Editor, type JSONContent } from '@tiptap/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { uploadPhoto } from '../../../features/admin/api/upload-photo';
import { searchSpots, type EmbeddableSpot } from '../../../features/stories/api/studio';
import { photoUrl } from '../../../lib/photo';
import type { StoryDocument } from '../../../lib/story-document/schema';
import { storyExtensions } from './editor-extensions';
import { cleanPastedHtml } from './paste';

interface Props {
  doc: StoryDocument;
  spotNames: Record<number, string>;
  onChange: (doc: StoryDocument) => void;
  error?: string;
}

type Panel = null | 'link' | 'image' | 'spot';

/**
 * The Story body: a Tiptap (ProseMirror) editor whose schema is the stored form's. The toolbar is
 * plain buttons with visible labels, reachable by Tab; link, picture and spot each open a small
 * form below it.
 */
export default function RichTextEditor({ doc, spotNames, onChange, error }: Props) {
  const mount = useRef<HTMLDivElement>(null);
  const editor = useRef<Editor | null>(null);
  const [, setTick] = useState(0);
  const [panel, setPanel] = useState<Panel>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const instance = new Editor({
      element: mount.current!,
      extensions: storyExtensions(spotNames),
      // Its stylesheet would be an inline <style>, which the studio's CSP refuses: studio.css carries it.
      injectCSS: false,
      content: doc as JSONContent,
      editorProps: {
        transformPastedHTML: cleanPastedHtml,
        attributes: { id: 'story-body', class: 'story-body-editor', role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': 'story-body-label' },
      },
      onUpdate: ({ editor: current }) => changed.current(current.getJSON() as StoryDocument),
      onTransaction: () => setTick((tick) => tick + 1),
    });
    editor.current = instance;
    return () => instance.destroy();
    // The document is the editor's own from here on: later props must not reset what is typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => {
    if (editor.current) command(editor.current.chain().focus()).run();
  };
  const active = (name: string, attrs?: Record<string, unknown>) => editor.current?.isActive(name, attrs) ?? false;
  const button = (label: string, pressed: boolean | undefined, action: () => void) => (
    <button type="button" className="rte__button" aria-pressed={pressed} onClick={action}>
      {label}
    </button>
  );

  return (
    <div className="field">
      <span className="field__label" id="story-body-label">
        Story
      </span>
      <div className="rte">
        <div className="rte__toolbar" role="toolbar" aria-label="Formatting">
          {button('Heading', active('heading', { level: 2 }), () => run((c) => c.toggleHeading({ level: 2 })))}
          {button('Subheading', active('heading', { level: 3 }), () => run((c) => c.toggleHeading({ level: 3 })))}
          {button('Bold', active('bold'), () => run((c) => c.toggleBold()))}
          {button('Italic', active('italic'), () => run((c) => c.toggleItalic()))}
          {button('Bulleted list', active('bulletList'), () => run((c) => c.toggleBulletList()))}
          {button('Numbered list', active('orderedList'), () => run((c) => c.toggleOrderedList()))}
          {button('Quote', active('blockquote'), () => run((c) => c.toggleBlockquote()))}
          {button('Callout', active('callout'), () => run((c) => (active('callout') ? c.lift('callout') : c.wrapIn('callout'))))}
          {button('Divider', undefined, () => run((c) => c.setHorizontalRule()))}
          {button('Link', active('link'), () => setPanel(panel === 'link' ? null : 'link'))}
          {button('Image', undefined, () => setPanel(panel === 'image' ? null : 'image'))}
          {button('Spot card', undefined, () => setPanel(panel === 'spot' ? null : 'spot'))}
        </div>
        {panel === 'link' && editor.current && <LinkPanel editor={editor.current} close={() => setPanel(null)} />}
        {panel === 'image' && editor.current && <ImagePanel editor={editor.current} close={() => setPanel(null)} />}
        {panel === 'spot' && editor.current && <SpotPanel editor={editor.current} close={() => setPanel(null)} />}
        <div ref={mount} className="rte__surface" />
      </div>
      <p className="field__hint">Paste from Google Docs, Word or a web page: headings, lists, links, bold and italic are kept, the styling is not.</p>
      {error && <p className="field__error">{error}</p>}
    </div>
  );
}

/** A form under the toolbar: its first field takes focus when it opens; Escape closes it and goes back to the text. */
function Panel({ label, editor, close, children }: { label: string; editor: Editor; close: () => void; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const closing = useRef(close);
  useEffect(() => {
    closing.current = close;
  });
  // Once, on opening: the parent re-renders on every keystroke in the text and must not move focus.
  useEffect(() => {
    const element = box.current!;
    element.querySelector<HTMLElement>('input, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      closing.current();
      editor.commands.focus();
    };
    element.addEventListener('keydown', onKey);
    return () => element.removeEventListener('keydown', onKey);
  }, [editor]);
  return (
    <div ref={box} className="rte__panel" role="group" aria-label={label}>
      {children}
    </div>
  );
}

function LinkPanel({ editor, close }: { editor: Editor; close: () => void }) {
  const [href, setHref] = useState((editor.getAttributes('link').href as string | undefined) ?? '');
  const [problem, setProblem] = useState('');
  const apply = () => {
    const value = href.trim();
    if (!value) {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      return close();
    }
    if (!/^(https?:\/\/|mailto:|\/(?!\/))\S+$/i.test(value)) return setProblem('Enter an address starting with https://, http://, mailto: or /.');
    if (editor.state.selection.empty && !editor.isActive('link')) return setProblem('Select the words to link first.');
    // The cursor lands after the link, so the next word typed does not replace the linked ones.
    editor.chain().focus().extendMarkRange('link').setLink({ href: value }).setTextSelection(editor.state.selection.to).run();
    close();
  };
  return (
    <Panel label="Link" editor={editor} close={close}>
      <label htmlFor="rte-link">Link address</label>
      <input
        id="rte-link"
        className="input"
        value={href}
        placeholder="https://"
        onInput={(event) => setHref((event.target as HTMLInputElement).value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          }
        }}
      />
      <button type="button" className="btn btn--primary" onClick={apply}>
        {href.trim() ? 'Apply link' : 'Remove link'}
      </button>
      {problem && <p className="field__error">{problem}</p>}
    </Panel>
  );
}

function ImagePanel({ editor, close }: { editor: Editor; close: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [caption, setCaption] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const insert = async () => {
    if (!file) return setProblem('Choose a photo to upload.');
    if (!alt.trim()) return setProblem('Describe the picture in the alt text: readers who cannot see it hear this instead.');
    setBusy(true);
    setProblem('');
    try {
      const photo = await uploadPhoto(file);
      const width = [...photo.widths].reverse().find((w) => w <= 1600) ?? photo.widths[0]!;
      editor
        .chain()
        .focus()
        .insertContentAt(editor.state.selection.to, [
          { type: 'image', attrs: { src: photoUrl(photo, width, 'webp'), alt: alt.trim(), caption: caption.trim() || null } },
          { type: 'paragraph' },
        ])
        .run();
      close();
    } catch {
      setProblem('The photo could not be uploaded. Use a JPEG, PNG, WebP or HEIC photo under 8 MB and try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Panel label="Image" editor={editor} close={close}>
      <label htmlFor="rte-image-file">Photo</label>
      <input id="rte-image-file" type="file" accept="image/*" onChange={(event) => setFile((event.target as HTMLInputElement).files?.[0] ?? null)} />
      <label htmlFor="rte-image-alt">Alt text (required)</label>
      <input id="rte-image-alt" className="input" value={alt} maxLength={300} onInput={(event) => setAlt((event.target as HTMLInputElement).value)} />
      <label htmlFor="rte-image-caption">Caption (optional)</label>
      <input id="rte-image-caption" className="input" value={caption} maxLength={300} onInput={(event) => setCaption((event.target as HTMLInputElement).value)} />
      <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void insert()}>
        {busy ? 'Uploading…' : 'Insert image'}
      </button>
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
    </Panel>
  );
}

function SpotPanel({ editor, close }: { editor: Editor; close: () => void }) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<EmbeddableSpot[] | null>(null);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => {
      searchSpots(query)
        .then((answer) => setFound(answer.spots))
        .catch(() => setProblem('Spots could not be searched. Try again.'));
    }, 200);
    return () => clearTimeout(timer);
  }, [query]);
  return (
    <Panel label="Spot card" editor={editor} close={close}>
      <label htmlFor="rte-spot">Find a spot</label>
      <input id="rte-spot" className="input" type="search" value={query} onInput={(event) => setQuery((event.target as HTMLInputElement).value)} />
      {problem && <p className="field__error">{problem}</p>}
      {found && found.length === 0 && <p className="muted">No spot in the guide matches “{query}”.</p>}
      {found && found.length > 0 && (
        <ul className="rte__spots">
          {found.map((spot) => (
            <li>
              <button
                type="button"
                className="rte__spot"
                onClick={() => {
                  editor
                    .chain()
                    .focus()
                    .insertContentAt(editor.state.selection.to, [{ type: 'spotCard', attrs: { spotId: spot.id, name: spot.name } }, { type: 'paragraph' }])
                    .run();
                  close();
                }}>
                Insert {spot.name}
                {spot.neighbourhood ? <span className="muted"> · {spot.neighbourhood}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
