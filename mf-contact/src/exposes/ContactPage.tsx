export { ContactPage as default } from '../pages/ContactPage.tsx';
