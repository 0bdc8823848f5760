import { describe, expect, it } from 'vitest';
import { useIsolatedServices } from '../../../../test/support/services';
import { runAdmin } from '../../src/admin/cli';

async function create(env: Record<string, string>): Promise<string> {
  let stdout = '';
  const code = await runAdmin(['keys', 'create', '--name', 'port'], {
    stdout: (t) => (stdout += t),
    stderr: () => undefined,
    env,
  });
  expect(code).toBe(0);
  return stdout;
}

describe('moyo-admin keys create: the printed curl line', () => {
  const services = useIsolatedServices();

  it('names the port the api listens on (PORT), 3000 without it', async () => {
    expect(await create({ ...services().env, PORT: '3300' })).toMatch(
      /^use: .* http:\/\/127\.0\.0\.1:3300\/v1\/jobs$/m,
    );
    expect(await create({ ...services().env })).toMatch(/^use: .* http:\/\/127\.0\.0\.1:3000\/v1\/jobs$/m);
  });
});
