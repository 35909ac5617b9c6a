export { TermsPage as default } from '../pages/TermsPage.tsx';
