import { ReloadView } from '../components/reload';

export default ReloadView;
