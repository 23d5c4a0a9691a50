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
  // The pages' browser script (templates/web/board.js) runs in the browser, not in Node.
  { files: ['templates/**/*.js'], languageOptions: { globals: globals.browser } },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/common/errors.ts'],
    rules: {
      // Whether an error is the player's or the judge's is said where the error is declared.
      'no-restricted-syntax': [
        'error',
        {
          selector: "ClassDeclaration[superClass.name='Error'], ClassExpression[superClass.name='Error']",
          message: "Extend Refusal (the player's: not allowed, not possible) or JudgeFailure (the judge's own) from src/common/errors.ts, not Error.",
        },
      ],
    },
  },
);
