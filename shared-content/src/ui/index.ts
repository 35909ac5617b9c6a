export * from './ButtonLink.tsx';
export * from './Container.tsx';
export * from './GlobalStyles.tsx';
export * from './Icon.tsx';
export * from './PageHero.tsx';
export * from './RemoteShowcase.tsx';
export * from './Section.tsx';
export * from './SectionHeading.tsx';
