export { ServicesPage as default } from '../pages/ServicesPage.tsx';
