import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from './cli.js';
import { cliTranslator } from './cli-language.js';

describe('the CLI speaks the POSIX locale’s language', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('reads LC_ALL, then LC_MESSAGES, then LANG; C, POSIX and unshipped languages get English', () => {
    expect(cliTranslator({ LANG: 'de_DE.UTF-8' }).language).toBe('de');
    expect(cliTranslator({ LANG: 'de_DE.UTF-8', LC_MESSAGES: 'fr_FR.UTF-8' }).language).toBe('fr');
    expect(cliTranslator({ LANG: 'de_DE.UTF-8', LC_MESSAGES: 'fr_FR', LC_ALL: 'ar_EG.UTF-8@latin' }).language).toBe('ar');
    expect(cliTranslator({ LANG: 'es_ES', LC_ALL: '' }).language).toBe('es');
    expect(cliTranslator({ LANG: 'C.UTF-8' }).language).toBe('en');
    expect(cliTranslator({ LANG: 'POSIX' }).language).toBe('en');
    expect(cliTranslator({ LANG: 'ja_JP.UTF-8' }).language).toBe('en');
    expect(cliTranslator({}).language).toBe('en');
  });

  it('prints its usage in German under LANG=de_DE.UTF-8, the commands as typed', async () => {
    process.env.LANG = 'de_DE.UTF-8';
    delete process.env.LC_ALL;
    delete process.env.LC_MESSAGES;
    const out: string[] = [];
    expect(await runCli(['--help'], (line) => out.push(line))).toBe(0);
    const usage = out.join('\n');
    expect(usage).toContain('Aufruf: helpdesk <Befehl>');
    expect(usage).toMatch(/ {2}migrate {38}Ausstehende Datenbankmigrationen anwenden/);
    expect(usage).toContain('token revoke <id>');
  });

  it('prints it in English without a locale', async () => {
    delete process.env.LANG;
    delete process.env.LC_ALL;
    delete process.env.LC_MESSAGES;
    const out: string[] = [];
    expect(await runCli(['--help'], (line) => out.push(line))).toBe(0);
    expect(out.join('\n')).toMatch(/^Usage: helpdesk <command>\n\n {2}serve \[--services=all\|web\|worker\] {12}Serve the help site/);
  });
});
