/** Paragraphs of a plain text: split at blank lines; single line breaks stay inside their paragraph. */
export function paragraphsOf(content: string): string[] {
  return content
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.replace(/^\n+|\n+$/g, ''))
    .filter((paragraph) => paragraph.trim() !== '');
}

/**
 * The terms as text, never as HTML: React escapes every character, so a `<script>` in the text is shown, not run.
 */
export function TermsText({ content, testId }: { content: string; testId?: string }) {
  return (
    <div data-testid={testId} className="flex flex-col gap-4 text-lg leading-relaxed text-ink">
      {paragraphsOf(content).map((paragraph, index) => (
        <p key={index} className="whitespace-pre-line break-words">
          {paragraph}
        </p>
      ))}
    </div>
  );
}
