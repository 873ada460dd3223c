import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import unusedImports from 'unused-imports';
import tseslint from 'typescript-eslint';

export default tseslint.config({
  files: ['**/*.{js,jsx,ts,tsx}'],
  plugins: { 'react-hooks': reactHooks, import: importPlugin, 'unused-imports': unusedImports },
  rules: {
    'unused-imports/no-unused-imports': 'error',
    'import/order': ['warn', { 'newlines-between': 'always' }],
    'react-hooks/rules-of-hooks': 'error',
  },
});
