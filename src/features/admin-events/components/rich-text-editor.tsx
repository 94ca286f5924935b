/**
 * The description editor (Tiptap, loaded lazily with this module): bold, italic, underline,
 * headings, lists, quotes and links, nothing the shared allow-list (src/domain/rich-text.ts)
 * would strip. Its HTML is sanitised again by the API before save.
 */
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

const BUTTONS = [
  { label: 'Negrito', text: 'B', run: 'toggleBold', active: 'bold' },
  { label: 'Itálico', text: 'I', run: 'toggleItalic', active: 'italic' },
  { label: 'Sublinhado', text: 'U', run: 'toggleUnderline', active: 'underline' },
  { label: 'Subtítulo', text: 'H', run: 'toggleHeading', active: 'heading' },
  { label: 'Lista', text: '•', run: 'toggleBulletList', active: 'bulletList' },
  { label: 'Lista numerada', text: '1.', run: 'toggleOrderedList', active: 'orderedList' },
  { label: 'Citação', text: '❝', run: 'toggleBlockquote', active: 'blockquote' },
] as const;

export default function RichTextEditor({
  value,
  onChange,
  labelId,
}: {
  value: string;
  onChange(html: string): void;
  labelId: string;
}) {
  const editor = useEditor({
    // Tiptap would add its base styles in a <style> element, which the Content-Security-Policy
    // (style-src 'self', no inline style) refuses: they are in admin-events.css instead.
    injectCSS: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, protocols: ['http', 'https', 'mailto', 'tel'] },
        codeBlock: false,
      }),
    ],
    content: value,
    editorProps: {
      attributes: {
        class: 'rich-text-content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  if (!editor) return null;

  const addLink = () => {
    const url = window.prompt('Endereço do link (https://...)', 'https://');
    if (url === null) return;
    if (url === '' || url === 'https://') editor.chain().focus().unsetLink().run();
    else editor.chain().focus().setLink({ href: url, target: '_blank' }).run();
  };

  return (
    <div className="rich-text">
      <div className="rich-text-toolbar" role="toolbar" aria-label="Formatação">
        {BUTTONS.map((b) => (
          <button
            key={b.run}
            type="button"
            className="rich-text-button"
            aria-label={b.label}
            title={b.label}
            aria-pressed={editor.isActive(b.active)}
            onClick={() => {
              const chain = editor.chain().focus();
              if (b.run === 'toggleHeading') chain.toggleHeading({ level: 2 }).run();
              else chain[b.run]().run();
            }}
          >
            {b.text}
          </button>
        ))}
        <button type="button" className="rich-text-button" aria-label="Link" title="Link" onClick={addLink}>
          🔗
        </button>
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
