import { itDeclaresEachExposeOnce, itRendersEachExpose } from 'build-config/testing/exposes';
import { describe } from 'vitest';
import { exposes } from './exposes.ts';

describe('mf_marketing exposes', () => {
  itDeclaresEachExposeOnce(exposes, import.meta.dirname);
  itRendersEachExpose(exposes);
});
