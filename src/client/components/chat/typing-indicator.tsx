/** Three dots while the editor reads the copy, before its first words arrive. */
export function TypingIndicator() {
  return (
    <div role="status" aria-label="The editor is typing" className="flex items-center gap-1 py-2">
      {[0, 150, 300].map((delay) => (
        <span key={delay} className="size-2 animate-bounce rounded-full bg-slate-400" style={{ animationDelay: `${delay}ms` }} />
      ))}
    </div>
  );
}
