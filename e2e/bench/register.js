// `node --import ./bench/register.js bench/<script>.ts`: installs the TypeScript hooks of ts-hooks.js.
import { register } from 'node:module';

register('./ts-hooks.js', import.meta.url);
