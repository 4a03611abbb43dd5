import fc from 'fast-check';

/** The key a prototype-pollution payload tries to set on Object.prototype; the suites check it never appears. */
export const POLLUTION_MARK = 'fuzzPolluted';

export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__'] as const;

/** Strings a careless parser, validator or query trips over. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\ud800',
  '\udfff\ud800',
  '\u202e',
  '\ufeff',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '9007199254740993',
  '0x1f',
  '1.5',
  '../../etc/passwd',
  '%00',
  '%ZZ',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '" MATCH "*',
  'a OR b NEAR c',
  '*',
  '"',
  '\\',
  '{{7*7}}',
  '${process.exit()}',
  '__proto__',
  'constructor',
  `{"__proto__":{"${POLLUTION_MARK}":true}}`,
  'ﬀ'.repeat(40),
  '😀'.repeat(40),
  'e\u0301'.repeat(40),
  'user@news.example',
  'fuzz-subscriber@news.example',
  'deadline-7!',
  '1.1',
  '99999999999999.99999999999999',
];

/** A huge string: one character repeated, up to tens of thousands of times. */
export const hugeString = fc
  .tuple(fc.integer({ min: 1_000, max: 30_000 }), fc.constantFrom('a', 'é', '😀', '\u0000', ' ', '"', '\\', '\n', '%', '<'))
  .map(([n, ch]) => ch.repeat(n));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: fc.stringMatching(/^\d{1,20}\.\d{1,20}$/) },
  { weight: 1, arbitrary: hugeString },
);

/** Numbers as JSON tokens, including ones JSON.parse turns into Infinity, -0 or lossy integers. */
export const hostileNumberToken: fc.Arbitrary<string> = fc.oneof(
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
  fc.bigInt({ min: -(2n ** 128n), max: 2n ** 128n }).map(String),
  fc.constantFrom('0', '-0', '1', '-1', '2147483648', '9007199254740993', '1e308', '1e309', '-1e309', '5e-324', '1.5', '0.0000001'),
);

export const fieldKey = (fields: readonly string[]): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 6, arbitrary: fields.length ? fc.constantFrom(...fields) : fc.constant('id') },
    { weight: 2, arbitrary: fc.constantFrom(...PROTO_KEYS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );

/**
 * JSON text built by hand so that keys like `__proto__` and duplicate keys survive
 * into the bytes (an object literal would swallow them), with the given field names
 * favoured so the values reach the schemas behind them.
 */
export function jsonText(fields: readonly string[]): fc.Arbitrary<string> {
  const { value } = fc.letrec<{ value: string; object: string; array: string }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 4, arbitrary: hostileString.map((s) => JSON.stringify(s)) },
      { weight: 2, arbitrary: hostileNumberToken },
      { weight: 1, arbitrary: fc.constantFrom('true', 'false', 'null') },
      { weight: 2, arbitrary: tie('object') },
      { weight: 1, arbitrary: tie('array') },
    ),
    object: fc
      .array(fc.tuple(fieldKey(fields), tie('value')), { maxLength: 6 })
      .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
    array: fc.array(tie('value'), { maxLength: 5 }).map((items) => `[${items.join(',')}]`),
  }));
  return value;
}

/** An object of the given fields, each with a hostile value: the shape a schema expects, the contents it must refuse. */
export function fieldObjectText(fields: readonly string[]): fc.Arbitrary<string> {
  const anyJson = jsonText(fields);
  return fc
    .array(
      fc.tuple(
        fieldKey(fields),
        fc.oneof({ weight: 3, arbitrary: hostileString.map((s) => JSON.stringify(s)) }, hostileNumberToken, anyJson),
      ),
      {
        maxLength: 6,
      },
    )
    .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`);
}

/** A prototype-pollution attempt in each of the shapes a JSON body or superjson meta can take. */
export const pollutionText: fc.Arbitrary<string> = fc.constantFrom(
  `{"__proto__":{"${POLLUTION_MARK}":"yes"}}`,
  `{"constructor":{"prototype":{"${POLLUTION_MARK}":"yes"}}}`,
  `{"a":1,"__proto__":{"${POLLUTION_MARK}":"yes","isAdmin":true},"email":"x@y.z"}`,
  `[{"__proto__":{"${POLLUTION_MARK}":"yes"}}]`,
  `{"__proto__":null}`,
  `{"__proto__":[]}`,
);

/** Text that is almost, or not at all, JSON. */
export function malformedJson(fields: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    jsonText(fields).chain((text) => fc.integer({ min: 0, max: Math.max(0, text.length - 1) }).map((cut) => text.slice(0, cut))),
    jsonText(fields).map((text) => `${text}}`),
    jsonText(fields).map((text) => `${text}\u0000garbage`),
    fc.constantFrom(
      '{',
      '[',
      '"',
      '{"a":',
      'nul',
      'tru',
      '{a:1}',
      "{'a':1}",
      '[1,]',
      '{"a":1,}',
      'NaN',
      '01',
      '\ufeff{}',
      '{"a":"\\x41"}',
      '{"a":"\\ud800"}',
      '[[[[[[[[[[[[[[[[[[[[[[',
    ),
    fc.integer({ min: 1_000, max: 20_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
    fc.integer({ min: 1_000, max: 20_000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
    fc.string({ unit: 'binary', maxLength: 200 }),
  );
}

/** A request body: JSON of any shape, the fields the target reads, pollution attempts or broken JSON. */
export function bodyText(fields: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fieldObjectText(fields) },
    { weight: 2, arbitrary: jsonText(fields) },
    { weight: 1, arbitrary: pollutionText },
    { weight: 2, arbitrary: malformedJson(fields) },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', 'null', '{}', '[]', '""', '0') },
  );
}

/** Percent-encodes any string; a lone surrogate becomes U+FFFD as a browser would send it. */
export const percentEncode = (s: string) => encodeURIComponent(Buffer.from(s, 'utf8').toString('utf8'));

/** Values for a path parameter, percent-encoded where a URL needs it. */
export const pathParam: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: -5, max: 8 }).map(String) },
  { weight: 2, arbitrary: hostileNumberToken.map(percentEncode) },
  { weight: 3, arbitrary: hostileString.filter((s) => s.length < 300).map(percentEncode) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('%ZZ', '%', '%00', '%2e%2e', '%2F', '%C0%AF', '%ED%A0%80', '%FF', '__proto__', 'constructor', '%20'),
  },
);

/** A query string: the keys routes read, with hostile values, sometimes raw broken encodings. */
export const queryString: fc.Arbitrary<string> = fc.oneof(
  { weight: 1, arbitrary: fc.constant('') },
  {
    weight: 4,
    arbitrary: fc
      .array(
        fc.tuple(
          fc.constantFrom(
            'cursor',
            'limit',
            'q',
            'conversationId',
            'id',
            'input',
            'batch',
            '__proto__',
            'constructor[prototype]',
            'q[]',
            '',
          ),
          fc.oneof(
            hostileString.filter((s) => s.length < 300).map(percentEncode),
            hostileNumberToken,
            fc.constantFrom('%ZZ', '%', '%00', '%ED%A0%80', 'a&b', '='),
          ),
        ),
        { minLength: 1, maxLength: 4 },
      )
      .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`),
  },
);

/** Content-Types that declare JSON: application/json itself, in any case, with parameters. */
export const JSON_CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/JSON',
  'APPLICATION/JSON; CHARSET=UTF-8',
  'application/json ; charset=utf-8',
  'application/json;charset=utf-8',
] as const;

/** Media types that begin like, end like or mean JSON, and are not application/json: each is refused as non-JSON is. */
export const NEAR_JSON_CONTENT_TYPES = [
  'application/json-seq',
  'application/jsonx',
  'application/json5',
  'application/jsonl',
  'application/json+x',
  'application/json-patch+json',
  'application/vnd.api+json',
  'application/x-json',
  'text/json',
  'text/x-json',
  'application/json, text/plain',
  'application/json/x',
  'application/jsonseq; charset=utf-8',
] as const;

export const CONTENT_TYPES = [
  ...JSON_CONTENT_TYPES,
  ...NEAR_JSON_CONTENT_TYPES,
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'multipart/form-data; boundary=',
  'application/octet-stream',
  '*/*',
  ';;;',
  '',
] as const;

/** The Content-Type a request claims: usually JSON, sometimes wrong or missing. */
export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 5, arbitrary: fc.constant('application/json') },
  { weight: 3, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'] as const;
