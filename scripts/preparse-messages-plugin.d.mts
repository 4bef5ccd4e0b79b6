import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

export function preparseCatalogue(catalogue: Record<string, string>, language: string): Record<string, MessageFormatElement[]>;
export const preparseMessagesPlugin: Plugin;
