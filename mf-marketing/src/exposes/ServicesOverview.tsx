export { ServicesOverview as default } from '../sections/ServicesOverview.tsx';
