/**
 * The remote's own image files. Importing them makes Rsbuild emit each under this remote's public path
 * (assetPrefix 'auto'), so inside the shell they load from the remote's origin, not the shell's.
 * Content in shared-content names a file by its `src`; this table turns the name into the bundled URL.
 */
import avatarChocolateShop from './avatar-chocolate-shop.svg';
import avatarFreightLogistics from './avatar-freight-logistics.svg';
import avatarHandloomStore from './avatar-handloom-store.svg';
import avatarWellnessClinic from './avatar-wellness-clinic.svg';
import logoAlpineFreight from './logo-alpine-freight.svg';
import logoLotusWeaves from './logo-lotus-weaves.svg';
import logoMonsoonMart from './logo-monsoon-mart.svg';
import team from './team.svg';

const imageFiles: Readonly<Record<string, string>> = {
  'team.svg': team,
  'avatar-handloom-store.svg': avatarHandloomStore,
  'avatar-freight-logistics.svg': avatarFreightLogistics,
  'avatar-wellness-clinic.svg': avatarWellnessClinic,
  'avatar-chocolate-shop.svg': avatarChocolateShop,
  'logo-lotus-weaves.svg': logoLotusWeaves,
  'logo-alpine-freight.svg': logoAlpineFreight,
  'logo-monsoon-mart.svg': logoMonsoonMart,
};

/** The bundled URL of an image named in shared-content; a missing file is a build-time mistake, so say which. */
export function imageUrl(src: string): string {
  const url = imageFiles[src];
  if (!url) throw new Error(`mf-marketing has no image file "${src}" in src/assets (add it to images.ts)`);
  return url;
}

export const imageFileNames = Object.keys(imageFiles);
