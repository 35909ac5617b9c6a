// The async boundary Module Federation needs before shared singletons can be used.
import('./bootstrap.tsx');
