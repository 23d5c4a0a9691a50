// ESLint: the recommended JavaScript and typescript-eslint rules. Layering is checked by
// dependency-cruiser (.dependency-cruiser.cjs), layout by Prettier (.prettierrc.json).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'dist-bench/', 'coverage/', 'node_modules/', 'var/', 'games/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    rules: {
      // The status format and the SVG writer must recognise control characters to refuse them.
      'no-control-regex': 'off',
      // `const { text: _unused, ...rest } = x` is how a field is left out of a copy.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
);
