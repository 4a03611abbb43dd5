export function normalizeText(raw: string): string;
export function chunkText(text: string, size: { min: number; max: number }): string[];
