export { CategoriesPage as default } from '../pages/CategoriesPage.tsx';
