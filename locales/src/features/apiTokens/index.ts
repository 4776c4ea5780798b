import ja from './ja.json';
import en from './en.json';
import zhHans from './zhHans.json';

export default { ja, en, zhHans };
