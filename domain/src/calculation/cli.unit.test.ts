import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from './cli';

const example = fileURLToPath(new URL('./examples/batch.json', import.meta.url));

describe('npm run calc', () => {
  it('runs the example batch and prints results with breakdown and provenance; the one deliberate unit error fails', () => {
    const { code, output } = runCli([example]);
    expect(code).toBe(1);
    expect(output).toContain('26 lines: 25 calculated, 1 failed.');
    expect(output).toContain('wrong-unit  s1.fuel');
    expect(output).toContain('FAILED: unit_mismatch (field amount)');
    expect(output).toContain('factor: jp-shk@legacy fuel.diesel = 2.58 kg-CO2/L (TTW)');
    expect(output).toContain('stages: WTT');
    expect(output).toContain('· t·km: weight [t] × distance [km] = 36.801 t·km');
    expect(output).toContain('GWP set: AR6 (2021)');
    expect(output).toContain('licence: Open Government Licence v3.0');
  });

  it('--json prints the batch result; a missing file is exit code 2', () => {
    const { code, output } = runCli([example, '--json', '--no-explain']);
    const parsed = JSON.parse(output);
    expect(code).toBe(1);
    expect(parsed.results).toHaveLength(26);
    expect(parsed.results[0].steps).toBeUndefined();
    expect(runCli(['/no/such/file.json']).code).toBe(2);
    expect(runCli([]).code).toBe(2);
  });

  it('prints formula names in the chosen language', () => {
    expect(runCli(['--lang', 'ja', example]).output).toContain('s1.fuel — 燃料使用量 × 排出係数');
  });
});
