export { PrivacyPolicyPage as default } from '../pages/PrivacyPolicyPage.tsx';
