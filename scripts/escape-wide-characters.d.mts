/** See escape-wide-characters.mjs. */
export function escapeWideCharacters(text: string): string;
export function escapeWideCharactersInFile(file: string): Promise<void>;
