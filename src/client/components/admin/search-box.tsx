import { Search } from 'lucide-react';
import { Input } from '../form-field';

/** A labelled search input; the caller debounces what it sends to the server. */
export function SearchBox({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="relative">
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
      <Input
        type="search"
        aria-label={label}
        placeholder={label}
        value={value}
        maxLength={100}
        onChange={(e) => onChange(e.target.value)}
        className="pl-9"
      />
    </div>
  );
}
