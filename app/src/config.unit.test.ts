import { describe, expect, it } from 'vitest';
import { listeningUrl, loadConfig, parsePublicUrl } from './config';

describe('PUBLIC_URL', () => {
  it('is an http(s) origin; a trailing slash is dropped', () => {
    expect(parsePublicUrl('https://ghg.example.com/')).toBe('https://ghg.example.com');
    expect(parsePublicUrl('http://10.0.0.5:8080')).toBe('http://10.0.0.5:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://ghg.example.com' }).publicUrl).toBe('https://ghg.example.com');
    expect(loadConfig({}).publicUrl).toBeNull();
  });

  it.each(['ghg.example.com', 'javascript:alert(1)', 'ftp://ghg.example.com', 'https://ghg.example.com/app', 'https://ghg.example.com/?x=1', 'https://ghg.example.com/#x', 'https://user:pw@ghg.example.com'])(
    'refuses %s at start',
    (value) => {
      expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(/PUBLIC_URL/);
    },
  );

  it('defaults to a browsable name for the listening address', () => {
    expect(listeningUrl('0.0.0.0', 3000)).toBe('http://localhost:3000');
    expect(listeningUrl('127.0.0.1', 41234)).toBe('http://localhost:41234');
    expect(listeningUrl('ghg.internal', 3000)).toBe('http://ghg.internal:3000');
    expect(listeningUrl('fd00::5', 3000)).toBe('http://[fd00::5]:3000');
  });
});
