import { describe, expect, it } from 'vitest';
import { redactUrl } from './logRedaction';

describe('redactUrl', () => {
  it('replaces the token query value, however the key is written, and leaves the rest alone', () => {
    expect(redactUrl('/api/live?token=eyJ.abc.def')).toBe('/api/live?token=[redacted]');
    expect(redactUrl('/auth/password-resetting?id=u1&token=s3cr3t#top')).toBe('/auth/password-resetting?id=u1&token=[redacted]#top');
    expect(redactUrl('/api/live?a=1&TOKEN=x&%74oken=y&token&b=2')).toBe('/api/live?a=1&TOKEN=[redacted]&%74oken=[redacted]&token=[redacted]&b=2');
    expect(redactUrl('/api/auditlog?before=12/12&tokens=keep')).toBe('/api/auditlog?before=12/12&tokens=keep');
    expect(redactUrl('/api/live')).toBe('/api/live');
    expect(redactUrl('/x?%E0%A4%A=1&token=t')).toBe('/x?%E0%A4%A=1&token=[redacted]');
  });
});
