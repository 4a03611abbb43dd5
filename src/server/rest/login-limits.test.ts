import { afterEach, describe, expect, it } from 'vitest';
import { KNOWN_DEVICE_COOKIE } from '../services/auth/known-devices';
import { SESSION_COOKIE } from '../services/auth/sessions';
import { createTestApp, type TestApp } from '../test-app';
import { PASSWORD, get, login, post, registerUser } from '../test-http';

let t: TestApp;
afterEach(() => t?.close());

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** A request from a client address, optionally carrying a browser's known-device cookie. */
const from = (ip: string, device?: string) => ({
  headers: { 'x-forwarded-for': ip, ...(device ? { cookie: `${KNOWN_DEVICE_COOKIE}=${device}` } : {}) },
});

/** The known-device cookie a response set: what the browser sends with its next sign-in. */
function deviceOf(res: Response): string {
  const header = res.headers.getSetCookie().find((c) => c.startsWith(`${KNOWN_DEVICE_COOKIE}=`));
  if (!header) throw new Error('no known-device cookie');
  return header.split(';')[0]!.slice(KNOWN_DEVICE_COOKIE.length + 1);
}

/** Signs in once from the owner's laptop and returns the cookie that makes it a known device. */
async function ownersLaptop(email = 'mariana@news.example') {
  const { res } = await login(t, email, PASSWORD, from('10.0.0.2'));
  expect(res.status).toBe(200);
  return deviceOf(res);
}

function app() {
  t = createTestApp({ env: { TRUST_PROXY: '1' } });
  return t;
}

describe('failed logins per account', () => {
  it('allows 10 failures, then answers 429 with Retry-After even to the right password from a browser it does not know', async () => {
    app();
    await registerUser(t, 'mariana');
    for (let i = 0; i < 10; i++) {
      expect((await login(t, 'mariana@news.example', `wrong-${i}`, from('10.0.0.1'))).res.status).toBe(401);
    }
    const { res, token } = await login(t, 'mariana@news.example', PASSWORD, from('10.0.0.2'));
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('900');
    expect(((await res.json()) as { message: string }).message).toMatch(/too many/i);
    expect(token).toBeUndefined();

    t.clock.advance(5 * MINUTE);
    expect((await login(t, 'mariana@news.example', PASSWORD, from('10.0.0.2'))).res.headers.get('retry-after')).toBe('600');
  });

  it('lets the right password in again from another client once the window has passed', async () => {
    app();
    await registerUser(t, 'mariana');
    for (let i = 0; i < 10; i++) await login(t, 'mariana@news.example', `wrong-${i}`, from('10.0.0.1'));
    t.clock.advance(15 * MINUTE);
    const { res, token } = await login(t, 'mariana@news.example', PASSWORD, from('10.0.0.2'));
    expect(res.status).toBe(200);
    expect((await get(t, '/api/user', { token })).status).toBe(200);
  });

  it('does not stop another account, even from the same address', async () => {
    app();
    await registerUser(t, 'mariana');
    await registerUser(t, 'tomas');
    for (let i = 0; i < 10; i++) await login(t, 'mariana@news.example', `wrong-${i}`, from('10.0.0.1'));
    expect((await login(t, 'mariana@news.example', PASSWORD, from('10.0.0.1'))).res.status).toBe(429);
    expect((await login(t, 'tomas@news.example', PASSWORD, from('10.0.0.1'))).res.status).toBe(200);
  });

  it('answers alike for an account that does not exist, so the limit reveals nothing', async () => {
    app();
    for (let i = 0; i < 10; i++) expect((await login(t, 'ghost@news.example', `wrong-${i}`)).res.status).toBe(401);
    const { res } = await login(t, 'ghost@news.example', 'wrong-x');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('900');
  });

  it('holds against many attempts sent at once', async () => {
    app();
    await registerUser(t, 'mariana');
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) => login(t, 'mariana@news.example', `wrong-${i}`, from(`10.0.1.${i}`))),
    );
    const statuses = results.map((r) => r.res.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it('is cleared by a successful login', async () => {
    app();
    await registerUser(t, 'mariana');
    for (let i = 0; i < 9; i++) await login(t, 'mariana@news.example', `wrong-${i}`);
    expect((await login(t, 'mariana@news.example')).res.status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login(t, 'mariana@news.example', `wrong-${i}`)).res.status).toBe(401);
  });
});

describe('a browser that signed in before', () => {
  it('still lets the owner in with the right password while strangers are locked out of the account', async () => {
    app();
    await registerUser(t, 'mariana');
    const laptop = await ownersLaptop();
    for (let i = 0; i < 10; i++) expect((await login(t, 'mariana@news.example', `wrong-${i}`, from('192.0.2.66'))).res.status).toBe(401);
    const guess = await login(t, 'mariana@news.example', 'wrong-x', from('192.0.2.66'));
    expect(guess.res.status).toBe(429);
    expect(guess.res.headers.get('retry-after')).toBe('900');

    const owner = await login(t, 'mariana@news.example', PASSWORD, from('10.0.0.2', laptop));
    expect(owner.res.status).toBe(200);
    expect((await get(t, '/api/user', { token: owner.token })).status).toBe(200);
    // The owner's sign-in does not hand the guesser a fresh budget.
    expect((await login(t, 'mariana@news.example', 'wrong-y', from('192.0.2.66'))).res.status).toBe(429);
  });

  it('keeps letting the owner in once the strangers have earned the day-long lock', async () => {
    app();
    await registerUser(t, 'mariana');
    const laptop = await ownersLaptop();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 10; i++) await login(t, 'mariana@news.example', `wrong-${round}-${i}`, from(`192.0.2.${round}`));
      t.clock.advance(15 * MINUTE);
    }
    const guess = await login(t, 'mariana@news.example', PASSWORD, from('192.0.2.9'));
    expect(guess.res.status).toBe(429);
    expect(guess.res.headers.get('retry-after')).toBe(String((DAY - 45 * MINUTE) / 1000));
    expect((await login(t, 'mariana@news.example', PASSWORD, from('10.0.0.2', laptop))).res.status).toBe(200);

    t.clock.advance(DAY - 45 * MINUTE);
    expect((await login(t, 'mariana@news.example', PASSWORD, from('192.0.2.9'))).res.status).toBe(200);
  });

  it('is throttled by its own failures, which leave the account and the owner’s other browsers alone', async () => {
    app();
    await registerUser(t, 'mariana');
    const phone = deviceOf((await login(t, 'mariana@news.example', PASSWORD, from('10.0.0.7'))).res);
    const laptop = await ownersLaptop();
    for (let i = 0; i < 10; i++)
      expect((await login(t, 'mariana@news.example', `wrong-${i}`, from('10.0.0.2', laptop))).res.status).toBe(401);
    const stolen = await login(t, 'mariana@news.example', PASSWORD, from('10.0.0.2', laptop));
    expect(stolen.res.status).toBe(429);
    expect(stolen.res.headers.get('retry-after')).toBe('900');
    expect((await login(t, 'mariana@news.example', PASSWORD, from('10.0.0.3'))).res.status).toBe(200);
    for (let i = 0; i < 10; i++) await login(t, 'mariana@news.example', `wrong-${i}`, from('192.0.2.66'));
    expect((await login(t, 'mariana@news.example', PASSWORD, from('10.0.0.7', phone))).res.status).toBe(200);

    t.clock.advance(15 * MINUTE);
    expect((await login(t, 'mariana@news.example', PASSWORD, from('10.0.0.2', laptop))).res.status).toBe(200);
  });

  it('counts only for the account it signed in to, and only with its own secret', async () => {
    app();
    await registerUser(t, 'mariana');
    await registerUser(t, 'mallory');
    const mallorys = await ownersLaptop('mallory@news.example');
    const marianas = await ownersLaptop();
    for (let i = 0; i < 10; i++) await login(t, 'mariana@news.example', `wrong-${i}`, from('192.0.2.66'));

    const [marianaId, deviceId, secret] = marianas.split('.');
    const [malloryId, mallorysDevice, mallorysSecret] = mallorys.split('.');
    const tries = {
      'another account’s entry': mallorys,
      'another account’s device renamed for this one': [marianaId, mallorysDevice, mallorysSecret].join('.'),
      'this device under another account': [malloryId, deviceId, secret].join('.'),
      'a changed secret': [marianaId, deviceId, `${secret!.slice(0, -1)}${secret!.endsWith('a') ? 'b' : 'a'}`].join('.'),
    };
    for (const [what, cookie] of Object.entries(tries)) {
      expect((await login(t, 'mariana@news.example', PASSWORD, from('10.0.0.2', cookie))).res.status, what).toBe(429);
    }
    expect((await login(t, 'mariana@news.example', PASSWORD, from('10.0.0.2', marianas))).res.status).toBe(200);
  });

  it('is remembered for several accounts in one cookie, and forgotten after its lifetime', async () => {
    app();
    await registerUser(t, 'mariana');
    await registerUser(t, 'tomas');
    const first = await ownersLaptop();
    const both = deviceOf((await login(t, 'tomas@news.example', PASSWORD, from('10.0.0.2', first))).res);
    for (const who of ['mariana', 'tomas']) {
      for (let i = 0; i < 10; i++) await login(t, `${who}@news.example`, `wrong-${i}`, from('192.0.2.66'));
      expect((await login(t, `${who}@news.example`, PASSWORD, from('10.0.0.2', both))).res.status).toBe(200);
    }

    t.clock.advance(181 * DAY);
    for (let i = 0; i < 10; i++) await login(t, 'mariana@news.example', `wrong-${i}`, from('192.0.2.66'));
    expect((await login(t, 'mariana@news.example', PASSWORD, from('10.0.0.2', both))).res.status).toBe(429);
  });

  it('is set at registration as an HttpOnly cookie', async () => {
    app();
    const res = await post(t, '/api/register', { username: 'mariana', email: 'mariana@news.example', password: PASSWORD });
    const header = res.headers.getSetCookie().find((c) => c.startsWith(`${KNOWN_DEVICE_COOKIE}=`))!;
    expect(header).toMatch(/; HttpOnly; SameSite=Lax; Max-Age=15552000/);
    for (let i = 0; i < 10; i++) await login(t, 'mariana@news.example', `wrong-${i}`, from('192.0.2.66'));
    expect((await login(t, 'mariana@news.example', PASSWORD, from('10.0.0.2', deviceOf(res)))).res.status).toBe(200);
  });
});

describe('a copy of a known browser’s cookie', () => {
  const M = 'mariana@news.example';

  it('stops counting once the owner signs in again: even from the owner’s address it meets the account’s limits', async () => {
    app();
    await registerUser(t, 'mariana');
    const copy = await ownersLaptop();
    const laptop = deviceOf((await login(t, M, PASSWORD, from('10.0.0.2', copy))).res);
    expect(laptop).not.toBe(copy);

    for (let i = 0; i < 10; i++) expect((await login(t, M, `wrong-${i}`, from('10.0.0.2', copy))).res.status).toBe(401);
    const refused = await login(t, M, PASSWORD, from('10.0.0.2', copy));
    expect(refused.res.status).toBe(429);
    expect(refused.res.headers.get('retry-after')).toBe('900');
    // Its failures were the account's: a browser the account does not know is locked out too.
    expect((await login(t, M, PASSWORD, from('10.0.0.9'))).res.status).toBe(429);
    expect((await login(t, M, PASSWORD, from('10.0.0.2', laptop))).res.status).toBe(200);
  });

  it('stops counting once the owner signs in again: it meets the address’s limit', async () => {
    app();
    await registerUser(t, 'mariana');
    const copy = await ownersLaptop();
    const laptop = deviceOf((await login(t, M, PASSWORD, from('10.0.0.2', copy))).res);
    for (let i = 0; i < 30; i++) await login(t, `ghost${i}@news.example`, 'wrong-pass', from('203.0.113.9'));
    expect((await login(t, M, PASSWORD, from('203.0.113.9', copy))).res.status).toBe(429);
    expect((await login(t, M, PASSWORD, from('203.0.113.9', laptop))).res.status).toBe(200);
  });

  it('used from another address gets 3 failures as the device, then is a stranger; the owner’s browser keeps its whole budget', async () => {
    app();
    await registerUser(t, 'mariana');
    const laptop = await ownersLaptop();
    const thief = from('198.51.100.7', laptop);
    for (let i = 0; i < 13; i++) expect((await login(t, M, `wrong-${i}`, thief)).res.status).toBe(401);
    const refused = await login(t, M, PASSWORD, thief);
    expect(refused.res.status).toBe(429);
    expect(refused.res.headers.get('retry-after')).toBe('900');
    expect((await login(t, M, PASSWORD, from('10.0.0.9'))).res.status).toBe(429);

    for (let i = 0; i < 9; i++) expect((await login(t, M, `typo-${i}`, from('10.0.0.2', laptop))).res.status).toBe(401);
    expect((await login(t, M, PASSWORD, from('10.0.0.2', laptop))).res.status).toBe(200);
  });

  it('leaves the owner signing in from a new address within that allowance, and the device then belongs there', async () => {
    app();
    await registerUser(t, 'mariana');
    const laptop = await ownersLaptop();
    for (let i = 0; i < 10; i++) await login(t, M, `wrong-${i}`, from('192.0.2.66'));
    const cafe = (device: string) => from('203.0.113.50', device);
    for (let i = 0; i < 2; i++) expect((await login(t, M, `typo-${i}`, cafe(laptop))).res.status).toBe(401);
    const signedIn = await login(t, M, PASSWORD, cafe(laptop));
    expect(signedIn.res.status).toBe(200);

    const moved = deviceOf(signedIn.res);
    for (let i = 0; i < 9; i++) expect((await login(t, M, `typo-${i}`, cafe(moved))).res.status).toBe(401);
    expect((await login(t, M, PASSWORD, cafe(moved))).res.status).toBe(200);
  });
});

describe('the browsers an account remembers', () => {
  it('are all forgotten on a password change but the one that made it', async () => {
    app();
    await registerUser(t, 'mariana');
    const phone = deviceOf((await login(t, 'mariana@news.example', PASSWORD, from('10.0.0.7'))).res);
    const { res, token } = await login(t, 'mariana@news.example', PASSWORD, from('10.0.0.2'));
    const changed = await post(
      t,
      '/api/change-password',
      { currentPassword: PASSWORD, newPassword: 'changed-4!' },
      { headers: { 'x-forwarded-for': '10.0.0.2', cookie: `${SESSION_COOKIE}=${token}; ${KNOWN_DEVICE_COOKIE}=${deviceOf(res)}` } },
    );
    expect(changed.status).toBe(200);

    for (let i = 0; i < 10; i++) await login(t, 'mariana@news.example', `wrong-${i}`, from('192.0.2.66'));
    expect((await login(t, 'mariana@news.example', 'changed-4!', from('10.0.0.7', phone))).res.status).toBe(429);
    expect((await login(t, 'mariana@news.example', 'changed-4!', from('10.0.0.2', deviceOf(changed)))).res.status).toBe(200);
  });

  it('are at most 20, and sign-ins without a cookie (scripts) push out one another before a browser used twice', async () => {
    app();
    await registerUser(t, 'mariana');
    const first = await ownersLaptop();
    const laptop = deviceOf((await login(t, 'mariana@news.example', PASSWORD, from('10.0.0.2', first))).res);
    for (let i = 0; i < 25; i++) expect((await login(t, 'mariana@news.example', PASSWORD, from('10.0.0.3'))).res.status).toBe(200);
    expect(await t.db.select().from(t.db.tables.knownDevices)).toHaveLength(20);

    for (let i = 0; i < 10; i++) await login(t, 'mariana@news.example', `wrong-${i}`, from('192.0.2.66'));
    expect((await login(t, 'mariana@news.example', PASSWORD, from('10.0.0.2', laptop))).res.status).toBe(200);
  });
});

describe('changing the password from a session', () => {
  it('is not stopped by strangers’ failed logins, and limits wrong current passwords per session', async () => {
    app();
    const session = await registerUser(t, 'mariana');
    const thief = (await login(t, 'mariana@news.example', PASSWORD, from('192.0.2.66'))).token!;
    for (let i = 0; i < 10; i++) await login(t, 'mariana@news.example', `wrong-${i}`, from('192.0.2.66'));
    const change = (currentPassword: string, token = session) =>
      post(t, '/api/change-password', { currentPassword, newPassword: 'changed-4!' }, { token });

    for (let i = 0; i < 10; i++) expect((await change(`guess-${i}`, thief)).status).toBe(400);
    const refused = await change(PASSWORD, thief);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('900');

    expect((await change(PASSWORD)).status).toBe(200);
    expect((await login(t, 'mariana@news.example', 'changed-4!', from('10.0.0.9'))).res.status).toBe(429);
  });
});

describe('failed logins per address', () => {
  it('after 30 failures slows that address down for browsers it does not know, never for another account’s known one', async () => {
    app();
    await registerUser(t, 'mariana');
    const laptop = deviceOf((await login(t, 'mariana@news.example', PASSWORD, from('203.0.113.9'))).res);
    for (let i = 0; i < 30; i++) {
      expect((await login(t, `ghost${i}@news.example`, 'wrong-pass', from('203.0.113.9'))).res.status).toBe(401);
    }
    const guess = await login(t, 'ghost99@news.example', 'wrong-pass', from('203.0.113.9'));
    expect(guess.res.status).toBe(429);
    expect(guess.res.headers.get('retry-after')).toBe('900');

    const colleague = await login(t, 'mariana@news.example', PASSWORD, from('203.0.113.9', laptop));
    expect(colleague.res.status).toBe(200);
    expect((await get(t, '/api/user', { token: colleague.token })).status).toBe(200);
    expect((await login(t, 'mariana@news.example', PASSWORD, from('203.0.113.9'))).res.status).toBe(429);
    expect((await login(t, 'mariana@news.example', PASSWORD, from('198.51.100.4'))).res.status).toBe(200);

    t.clock.advance(15 * MINUTE);
    expect((await login(t, 'mariana@news.example', PASSWORD, from('203.0.113.9'))).res.status).toBe(200);
  });

  it('takes an IPv6 client’s whole /64 as one address', async () => {
    app();
    await registerUser(t, 'mariana');
    for (let i = 0; i < 30; i++) await login(t, `ghost${i}@news.example`, 'wrong-pass', from(`2001:db8:7:1::${(i + 1).toString(16)}`));
    expect((await login(t, 'mariana@news.example', PASSWORD, from('2001:db8:7:1:ffff:1:2:3'))).res.status).toBe(429);
    expect((await login(t, 'mariana@news.example', PASSWORD, from('2001:db8:7:2::1'))).res.status).toBe(200);
  });

  it('is not fooled by a client that writes its own X-Forwarded-For in front of the proxy', async () => {
    app();
    await registerUser(t, 'mariana');
    for (let i = 0; i < 30; i++) {
      const spoofed = { headers: { 'x-forwarded-for': `10.9.${i}.1, 203.0.113.9` } };
      expect((await login(t, `ghost${i}@news.example`, 'wrong-pass', spoofed)).res.status).toBe(401);
    }
    expect((await login(t, 'mariana@news.example', PASSWORD, { headers: { 'x-forwarded-for': '1.2.3.4, 203.0.113.9' } })).res.status).toBe(
      429,
    );
  });

  it('does not count successful logins', async () => {
    app();
    await registerUser(t, 'mariana');
    for (let i = 0; i < 31; i++) expect((await login(t, 'mariana@news.example', PASSWORD, from('203.0.113.9'))).res.status).toBe(200);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    t = createTestApp();
    await registerUser(t, 'mariana');
    for (let i = 0; i < 30; i++) await login(t, `ghost${i}@news.example`, 'wrong-pass', from(`10.0.2.${i}`));
    expect((await login(t, 'mariana@news.example', PASSWORD, from('10.0.3.1'))).res.status).toBe(429);
  });
});

describe('429 over the tRPC path', () => {
  it('carries Retry-After too', async () => {
    app();
    for (let i = 0; i < 10; i++) await login(t, 'ghost@news.example', `wrong-${i}`);
    const res = await post(t, '/trpc/auth.login', { json: { email: 'ghost@news.example', password: 'wrong-x' } });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('900');
  });
});
