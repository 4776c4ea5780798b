import { describe, expect, it } from 'vitest';
import { parseTenantCreateArgs, passwordFromInput } from './tenantCreate';

const full = ['--name', 'G', '--company', 'C', '--region', 'Japan', '--admin-email', 'a@b.example', '--admin-name', 'A'];

describe('tenant:create arguments', () => {
  it('reads every option, with Japanese as the default language and a link unless --password-stdin', () => {
    expect(parseTenantCreateArgs(full)).toEqual({
      kind: 'run',
      args: { name: 'G', company: 'C', region: 'Japan', adminEmail: 'a@b.example', adminName: 'A', language: 'ja', passwordStdin: false },
    });
    expect(parseTenantCreateArgs([...full, '--password-stdin', '--language=en'])).toMatchObject({ kind: 'run', args: { passwordStdin: true, language: 'en' } });
  });

  it('names what is missing or wrong, and answers --help', () => {
    expect(parseTenantCreateArgs(['--name', 'G', '--company', ' '])).toEqual({ kind: 'error', message: 'Missing --company, --region, --admin-email, --admin-name' });
    expect(parseTenantCreateArgs([...full, '--language', 'fr'])).toEqual({ kind: 'error', message: '--language must be one of ja, en, zhHans' });
    expect(parseTenantCreateArgs([...full, '--password', 'x'])).toMatchObject({ kind: 'error', message: expect.stringMatching(/Unknown option '--password'/) });
    expect(parseTenantCreateArgs([...full, 'extra'])).toMatchObject({ kind: 'error' });
    expect(parseTenantCreateArgs(['-h'])).toEqual({ kind: 'help' });
  });

  it('takes the password from standard input without its final line break only', () => {
    expect(passwordFromInput('secret words\n')).toBe('secret words');
    expect(passwordFromInput('secret words\r\n')).toBe('secret words');
    expect(passwordFromInput(' spaced \n\n')).toBe(' spaced \n');
  });
});
