import path from 'node:path';
import ts from 'typescript';

const DRIZZLE = `${path.sep}node_modules${path.sep}drizzle-orm${path.sep}`;
/** How deep into helpers a body's waits are followed before only the helper's arguments count. */
const MAX_DEPTH = 4;
const COMBINATORS = new Set(['all', 'allSettled']);

const fromDrizzle = (symbol) =>
  Boolean(symbol?.declarations?.length) && symbol.declarations.every((d) => d.getSourceFile().fileName.includes(DRIZZLE));

/**
 * docs/decisions/022-async-data-layer.md: a transaction's body awaits nothing but queries, because
 * the transaction holds the database (on SQLite, the one connection) until the body ends. A wait is
 * a query when Drizzle made it (its `then` is Drizzle's), when it is a call on the database or the
 * transaction or a prepared statement's `execute`, or when it is a call to a function of ours whose own waits are all queries; a helper
 * that cannot be read (an interface's method, a library's function) counts only when it is handed
 * the database or the transaction. Everything else (mail, HTTP, timers, hashing) is reported.
 */
export default {
  meta: {
    type: 'problem',
    docs: { description: "A transaction's body awaits nothing but queries (docs/decisions/022-async-data-layer.md)" },
    messages: {
      notQuery:
        "A transaction's body awaits only queries, and `{{wait}}` is not one: do it before or after the transaction, or hand the helper the transaction (docs/decisions/022-async-data-layer.md).",
      notQueryInside:
        "A transaction's body awaits only queries, and `{{wait}}` waits on `{{inner}}` ({{where}}), which is not one: do it before or after the transaction (docs/decisions/022-async-data-layer.md).",
    },
    schema: [],
  },

  create(context) {
    const services = context.sourceCode.parserServices;
    if (!services?.program) throw new Error('transaction-awaits-queries needs type information (parserOptions.projectService)');
    const checker = services.program.getTypeChecker();
    const cwd = context.cwd;
    /** A helper's first wait that is not a query, or null; a helper being read counts as clean, so recursion ends. */
    const helpers = new Map();

    const parts = (type) => (type.isUnion() ? type.types : [type]).filter((t) => !(t.flags & (ts.TypeFlags.Nullable | ts.TypeFlags.Void)));

    const isThenable = (type) => parts(type).some((t) => checker.getPropertyOfType(t, 'then'));

    const isDrizzleQuery = (type) => parts(type).every((t) => fromDrizzle(checker.getPropertyOfType(t, 'then')));

    /** The database or a transaction: what has Drizzle's query builders. */
    const isDatabase = (type) => {
      const own = parts(type);
      return own.length > 0 && own.every((t) => fromDrizzle(checker.getPropertyOfType(t, 'select')));
    };

    const typeOf = (node) => checker.getTypeAtLocation(node);

    const unwrap = (node) => {
      for (;;) {
        if (
          ts.isParenthesizedExpression(node) ||
          ts.isNonNullExpression(node) ||
          ts.isAsExpression(node) ||
          ts.isSatisfiesExpression(node)
        ) {
          node = node.expression;
        } else if (ts.isTypeAssertionExpression(node)) {
          node = node.expression;
        } else return node;
      }
    };

    /** What a function waits on: its awaits, and what it returns (an async function's caller waits for that too). */
    function waitsOf(fn) {
      const waits = [];
      if (!fn.body) return waits;
      if (!ts.isBlock(fn.body)) {
        if (isThenable(typeOf(fn.body))) waits.push(fn.body);
        return waits;
      }
      const visit = (node) => {
        if (ts.isFunctionLike(node) || ts.isClassLike(node)) return;
        if (ts.isAwaitExpression(node)) waits.push(node.expression);
        else if (ts.isForOfStatement(node) && node.awaitModifier) waits.push(node);
        else if (ts.isReturnStatement(node) && node.expression && isThenable(typeOf(node.expression))) waits.push(node.expression);
        ts.forEachChild(node, visit);
      };
      ts.forEachChild(fn.body, visit);
      return waits;
    }

    /** The function a call runs, when its body is ours to read. */
    function readableCallee(call) {
      const declaration = checker.getResolvedSignature(call)?.declaration;
      if (!declaration || !ts.isFunctionLike(declaration) || !declaration.body) return undefined;
      const file = declaration.getSourceFile();
      if (file.isDeclarationFile || services.program.isSourceFileFromExternalLibrary(file)) return undefined;
      return declaration;
    }

    /** The async generator of ours behind an iterator: a call to one, or a variable holding such a call. */
    function generatorBehind(node) {
      node = unwrap(node);
      if (ts.isIdentifier(node)) {
        const declaration = checker.getSymbolAtLocation(node)?.valueDeclaration;
        if (!declaration || !ts.isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
        node = unwrap(declaration.initializer);
      }
      const generator = ts.isCallExpression(node) ? readableCallee(node) : undefined;
      return generator?.asteriskToken ? generator : undefined;
    }

    function firstNonQueryIn(fn, depth) {
      if (helpers.has(fn)) return helpers.get(fn);
      helpers.set(fn, null);
      let found = null;
      for (const wait of waitsOf(fn)) {
        found = nonQuery(wait, depth + 1);
        if (found) break;
      }
      helpers.set(fn, found);
      return found;
    }

    /** The wait that is not a query, if `node` (awaited) is or holds one. */
    function nonQuery(node, depth) {
      if (ts.isForOfStatement(node)) {
        const generator = depth < MAX_DEPTH ? generatorBehind(node.expression) : undefined;
        return generator ? firstNonQueryIn(generator, depth) : node;
      }
      node = unwrap(node);
      if (ts.isConditionalExpression(node)) return nonQuery(node.whenTrue, depth) ?? nonQuery(node.whenFalse, depth);
      const type = typeOf(node);
      if (!isThenable(type) || isDrizzleQuery(type)) return null;
      if (!ts.isCallExpression(node)) return node;
      const callee = unwrap(node.expression);
      if (ts.isPropertyAccessExpression(callee)) {
        const method = callee.name.text;
        if (isDatabase(typeOf(callee.expression))) return null;
        // A prepared statement's `execute` (database/prepared.ts) is a query too.
        if (method === 'execute' && fromDrizzle(checker.getPropertyOfType(typeOf(callee.expression), 'execute'))) return null;
        // Waiting for `p.catch(...)` is waiting for p (the handler's own work is not followed).
        if ((method === 'catch' || method === 'finally') && isThenable(typeOf(callee.expression)))
          return nonQuery(callee.expression, depth);
        if (method === 'next') {
          const generator = depth < MAX_DEPTH ? generatorBehind(callee.expression) : undefined;
          if (generator) return firstNonQueryIn(generator, depth);
        }
        const [list] = node.arguments;
        if (COMBINATORS.has(method) && ts.isIdentifier(callee.expression) && callee.expression.text === 'Promise') {
          if (list && ts.isArrayLiteralExpression(list) && !list.elements.some(ts.isSpreadElement)) {
            for (const element of list.elements) {
              const found = nonQuery(element, depth);
              if (found) return found;
            }
            return null;
          }
          return node;
        }
      }
      const helper = depth < MAX_DEPTH ? readableCallee(node) : undefined;
      if (helper) return firstNonQueryIn(helper, depth);
      return node.arguments.some((argument) => isDatabase(typeOf(argument))) ? null : node;
    }

    /** The function a transaction runs: written in place, or named. */
    function bodyOf(argument) {
      if (!argument) return undefined;
      const node = unwrap(services.esTreeNodeToTSNodeMap.get(argument));
      if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return node;
      if (!ts.isIdentifier(node)) return undefined;
      const declaration = checker.getSymbolAtLocation(node)?.valueDeclaration;
      if (declaration && ts.isFunctionDeclaration(declaration)) return declaration;
      if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer) {
        const initializer = unwrap(declaration.initializer);
        if (ts.isArrowFunction(initializer) || ts.isFunctionExpression(initializer)) return initializer;
      }
      return undefined;
    }

    const text = (node) => {
      if (ts.isForOfStatement(node)) return `for await (... of ${text(node.expression)})`;
      const source = node.getText().replace(/\s+/g, ' ');
      return source.length > 60 ? `${source.slice(0, 57)}...` : source;
    };

    return {
      'CallExpression[callee.type="MemberExpression"][callee.property.name="transaction"]'(call) {
        const callee = services.esTreeNodeToTSNodeMap.get(call.callee);
        if (!isDatabase(typeOf(callee.expression))) return;
        const body = bodyOf(call.arguments[0]);
        if (!body) return;
        for (const wait of waitsOf(body)) {
          const found = nonQuery(wait, 0);
          if (!found) continue;
          const at = services.tsNodeToESTreeNodeMap.get(wait) ?? call;
          const inBody = found.getSourceFile() === wait.getSourceFile() && found.pos >= wait.pos && found.end <= wait.end;
          if (inBody) {
            context.report({ node: services.tsNodeToESTreeNodeMap.get(found) ?? at, messageId: 'notQuery', data: { wait: text(found) } });
            continue;
          }
          const file = found.getSourceFile();
          const { line } = file.getLineAndCharacterOfPosition(found.getStart());
          const where = `${path.relative(cwd, file.fileName)}:${line + 1}`;
          context.report({ node: at, messageId: 'notQueryInside', data: { wait: text(wait), inner: text(found), where } });
        }
      },
    };
  },
};
