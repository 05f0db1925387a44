import { useEffect } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';

/**
 * A product description in rich text (TipTap with the starter kit): paragraphs, headings, bold,
 * italic, lists. The HTML goes to the server, which sanitizes it with the storefront's sanitizer.
 * Loaded lazily (RichText.tsx), so the storefront's bundle never carries TipTap.
 */
export default function RichTextEditor({ value, onChange, label, id }: { value: string; onChange: (html: string) => void; label: string; id: string }) {
  const { t } = useTranslation('staffCatalog');
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] } })],
    content: value,
    immediatelyRender: false,
    editorProps: { attributes: { 'aria-label': label, id, class: 'prose prose-sm max-w-none min-h-[7rem] px-2 py-1.5 focus:outline-none' } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  // A new value from outside (the product loaded, a reset) replaces the content.
  useEffect(() => {
    if (editor && !editor.isFocused && value !== editor.getHTML() && !(value === '' && editor.isEmpty))
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  const tool = (name: string, active: boolean, run: () => void, text: string) => (
    <button
      key={name}
      type="button"
      aria-pressed={active}
      title={t(`rich.${name}`)}
      aria-label={t(`rich.${name}`)}
      onClick={run}
      className={cn('min-w-7 rounded px-1.5 py-0.5 text-xs', active ? 'bg-brand-100 text-brand-800' : 'text-gray-700 hover:bg-gray-100')}
    >
      {text}
    </button>
  );
  return (
    <div className="rounded border border-gray-300 bg-white focus-within:border-brand-500">
      <div role="toolbar" aria-label={t('rich.toolbar')} className="flex flex-wrap gap-0.5 border-b border-gray-200 px-1 py-0.5">
        {editor ? (
          <>
            {tool('bold', editor.isActive('bold'), () => editor.chain().focus().toggleBold().run(), 'B')}
            {tool('italic', editor.isActive('italic'), () => editor.chain().focus().toggleItalic().run(), 'I')}
            {tool('heading', editor.isActive('heading', { level: 3 }), () => editor.chain().focus().toggleHeading({ level: 3 }).run(), 'H')}
            {tool('bulletList', editor.isActive('bulletList'), () => editor.chain().focus().toggleBulletList().run(), '•')}
            {tool('orderedList', editor.isActive('orderedList'), () => editor.chain().focus().toggleOrderedList().run(), '1.')}
          </>
        ) : null}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
