// Turns check specs into runnable checks for one test: `{{ var }}` filled from the test's
// variables, regular expressions compiled on RE2 and JSON Schemas with Ajv, each once per file.
// A spec from `defaultTest` is built for every test (its templates may differ per test); its
// mistakes are reported once. Pure: no `vscode`.
import { MAX_LIST_ITEMS } from './checkLimits';
import { type Assertion, type AssertionExpectation, type AssertionSet, type Check } from './checkModel';
import { type ValueSpec } from './assertionValues';
import { type AssertionSpec, type CheckSpec } from './checkSpec';
import { parseCommaSeparatedValues } from './commaValues';
import { SchemaCompiler } from './jsonSchema';
import { type Problems } from './problems';
import { compileUserRegex, type RegexCompilation } from './userRegex';
import { fillTemplate, hasTemplate } from './valueTemplate';

/** Compiled matchers shared by all tests of one file. */
export class CheckBuilder {
  constructor(
    private readonly problems: Problems,
    private readonly schemas = new SchemaCompiler(),
    private readonly regexes = new Map<string, RegexCompilation>(),
  ) {}

  /** The same compiled matchers, reporting to another list (one test's). */
  withProblems(problems: Problems): CheckBuilder {
    return new CheckBuilder(problems, this.schemas, this.regexes);
  }

  build(specs: readonly CheckSpec[], vars: Readonly<Record<string, string>>): Check[] | undefined {
    const checks: Check[] = [];
    let failed = false;
    for (const spec of specs) {
      const check = spec.check === 'assertion' ? this.assertion(spec, vars) : this.set(spec, vars);
      if (check === undefined) {
        failed = true;
      } else {
        checks.push(check);
      }
    }
    return failed ? undefined : checks;
  }

  private set(spec: Extract<CheckSpec, { check: 'assert-set' }>, vars: Readonly<Record<string, string>>): AssertionSet | undefined {
    const members: Assertion[] = [];
    for (const member of spec.assert) {
      const assertion = this.assertion(member, vars);
      if (assertion === undefined) {
        return undefined;
      }
      members.push(assertion);
    }
    const metric = spec.metric === undefined ? undefined : this.fill(spec.metric, vars, spec.range);
    if (spec.metric !== undefined && metric === undefined) {
      return undefined;
    }
    return {
      check: 'assert-set',
      type: 'assert-set',
      assert: members,
      range: spec.range,
      ...(spec.threshold !== undefined ? { threshold: spec.threshold } : {}),
      ...(spec.weight !== undefined ? { weight: spec.weight } : {}),
      ...(metric !== undefined ? { metric } : {}),
    };
  }

  private assertion(spec: AssertionSpec, vars: Readonly<Record<string, string>>): Assertion | undefined {
    const expectation = this.expectation(spec, spec.value, vars);
    const metric = spec.metric === undefined ? undefined : this.fill(spec.metric, vars, spec.range);
    if (expectation === undefined || (spec.metric !== undefined && metric === undefined)) {
      return undefined;
    }
    return {
      check: 'assertion',
      type: spec.type,
      baseType: spec.baseType,
      inverse: spec.inverse,
      expectation,
      range: spec.range,
      ...(spec.weight !== undefined ? { weight: spec.weight } : {}),
      ...(metric !== undefined ? { metric } : {}),
    };
  }

  private fill(text: string, vars: Readonly<Record<string, string>>, range: AssertionSpec['range']): string | undefined {
    if (!hasTemplate(text)) return text;
    const filled = fillTemplate(text, vars);
    if (!filled.ok) {
      this.problems.add(`${filled.message}.`, range);
      return undefined;
    }
    return filled.text;
  }

  private expectation(spec: AssertionSpec, value: ValueSpec, vars: Readonly<Record<string, string>>): AssertionExpectation | undefined {
    const at = spec.valueRange;
    switch (value.kind) {
      case 'text': {
        const text = this.fill(value.text, vars, at);
        return text === undefined ? undefined : { kind: 'text', text };
      }
      case 'texts': {
        const texts: string[] = [];
        for (const text of value.texts) {
          const filled = this.fill(text, vars, at);
          if (filled === undefined) {
            return undefined;
          }
          texts.push(filled);
        }
        return { kind: 'texts', texts };
      }
      case 'commaTexts': {
        const text = this.fill(value.text, vars, at);
        if (text === undefined) {
          return undefined;
        }
        const parsed = parseCommaSeparatedValues(text);
        if (!parsed.ok || parsed.values.length === 0 || parsed.values.length > MAX_LIST_ITEMS) {
          const why = !parsed.ok ? parsed.message : parsed.values.length === 0 ? 'the list is empty once {{ }} is filled in' : `at most ${MAX_LIST_ITEMS.toLocaleString('en-US')} values`;
          this.problems.add(`${spec.type}: ${why}.`, at);
          return undefined;
        }
        return { kind: 'texts', texts: parsed.values };
      }
      case 'regex': {
        const source = this.fill(value.source, vars, at);
        if (source === undefined) {
          return undefined;
        }
        let compiled = this.regexes.get(source);
        if (compiled === undefined) {
          compiled = compileUserRegex(source);
          this.regexes.set(source, compiled);
        }
        if (!compiled.ok) {
          this.problems.add(`regex: ${compiled.message}.`, at);
          return undefined;
        }
        return { kind: 'regex', source, regex: compiled.regex };
      }
      case 'schema': {
        if (value.schema === undefined) {
          return { kind: 'schema' };
        }
        const compiled = this.schemas.compile(value.schema);
        if (!compiled.ok) {
          this.problems.add(`${spec.type}: ${compiled.message}.`, at);
          return undefined;
        }
        return { kind: 'schema', schema: { source: value.schema, validator: compiled.validator } };
      }
      case 'distance': {
        const text = this.fill(value.text, vars, at);
        return text === undefined ? undefined : { kind: 'distance', text, threshold: value.threshold };
      }
      case 'rubric': {
        // promptfoo fills a rubric's {{ vars }} too, so a rubric can name what the test sent.
        const rubric = this.fill(value.text, vars, at);
        return rubric === undefined ? undefined : { kind: 'rubric', rubric, ...(value.threshold !== undefined ? { threshold: value.threshold } : {}) };
      }
      case 'json':
      case 'threshold':
      case 'count':
        return value;
    }
  }
}
