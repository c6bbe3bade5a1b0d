/**
 * A small set of stroke icons (24×24, currentColor). Decorative by default: aria-hidden unless a title is given.
 *
 * The shapes are markup strings set as the svg's inner HTML, not React elements: React then writes the same markup
 * without rendering each shape (about a third of /solution's elements are icon shapes, each costing the QuickJS
 * render as much as any other element) and hydrates the svg as one element.
 */
import type { SVGProps } from 'react';

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children' | 'dangerouslySetInnerHTML'> & { title?: string };

/** As React escapes text, so a titled icon's markup is what <title>{title}</title> would give. */
function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c] ?? c);
}

function Icon({ title, shapes, className = 'size-5', ...rest }: IconProps & { shapes: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
      focusable="false"
      {...rest}
      dangerouslySetInnerHTML={{ __html: title ? `<title>${escapeText(title)}</title>${shapes}` : shapes }}
    />
  );
}

/** `shapes`: the icon's path, circle and rect elements as markup, written as React would write them. */
const make = (shapes: string) =>
  function IconComponent(props: IconProps) {
    return <Icon {...props} shapes={shapes} />;
  };

export const MapIcon = make('<path d="M9 4 3 6v14l6-2 6 2 6-2V4l-6 2-6-2Z"></path><path d="M9 4v14M15 6v14"></path>');
export const DashboardIcon = make('<rect x="3" y="3" width="7" height="9" rx="1.5"></rect><rect x="14" y="3" width="7" height="5" rx="1.5"></rect><rect x="14" y="12" width="7" height="9" rx="1.5"></rect><rect x="3" y="16" width="7" height="5" rx="1.5"></rect>');
export const TruckIcon = make('<path d="M2 6h11v10H2zM13 9h4.5l3.5 3.5V16h-8"></path><circle cx="6" cy="17.5" r="2"></circle><circle cx="17" cy="17.5" r="2"></circle>');
export const ChipIcon = make('<rect x="6" y="6" width="12" height="12" rx="2"></rect><rect x="9.5" y="9.5" width="5" height="5" rx="0.5"></rect><path d="M9 2v4M15 2v4M9 18v4M15 18v4M2 9h4M2 15h4M18 9h4M18 15h4"></path>');
export const ClipboardIcon = make('<rect x="5" y="4" width="14" height="17" rx="2"></rect><path d="M9 4V3h6v1M9 10h6M9 14h6M9 18h3"></path>');
export const TyreIcon = make('<circle cx="12" cy="12" r="9"></circle><circle cx="12" cy="12" r="4"></circle><path d="M12 3v5M12 16v5M3 12h5M16 12h5"></path>');
export const BuildingIcon = make('<path d="M4 21V5a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v16M16 9h2a2 2 0 0 1 2 2v10M2 21h20"></path><path d="M8 7h1M11 7h1M8 11h1M11 11h1M8 15h1M11 15h1"></path>');
export const CogIcon = make('<circle cx="12" cy="12" r="3"></circle><path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z"></path>');
export const SlidersIcon = make('<path d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1M15 4v4M9 10v4M17 16v4"></path>');
export const MenuIcon = make('<path d="M4 6h16M4 12h16M4 18h16"></path>');
export const CloseIcon = make('<path d="M6 6l12 12M18 6 6 18"></path>');
export const GlobeIcon = make('<circle cx="12" cy="12" r="9"></circle><path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18"></path>');
export const MaximizeIcon = make('<path d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5"></path>');
export const MinimizeIcon = make('<path d="M9 4v5H4M20 9h-5V4M15 20v-5h5M4 15h5v5"></path>');
export const UserIcon = make('<circle cx="12" cy="8" r="4"></circle><path d="M4 21a8 8 0 0 1 16 0"></path>');
export const LogoutIcon = make('<path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l5-5-5-5M15 12H4"></path>');
export const ChevronLeftIcon = make('<path d="m15 18-6-6 6-6"></path>');
export const ChevronRightIcon = make('<path d="m9 18 6-6-6-6"></path>');
export const ArrowRightIcon = make('<path d="M5 12h14M13 6l6 6-6 6"></path>');
export const CheckIcon = make('<path d="m5 12 5 5 9-10"></path>');
export const AlertIcon = make('<path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z"></path><path d="M12 9v4M12 17h.01"></path>');
export const FlameIcon = make('<path d="M12 22c4 0 7-2.7 7-6.8 0-3.7-2.4-6.4-4.3-8.2-.4 2-1.4 3.3-2.7 4C12.3 7.5 10.5 4.2 8 2.5c.2 3.6-3 6.3-3 11.2C5 19 8 22 12 22Z"></path>');
export const ThermometerIcon = make('<path d="M14 14.8V4a2 2 0 1 0-4 0v10.8a4 4 0 1 0 4 0Z"></path><path d="M12 9v7"></path>');
export const GaugeIcon = make('<path d="M12 14 16 9"></path><path d="M3.3 18a10 10 0 1 1 17.4 0"></path><circle cx="12" cy="14" r="1.2"></circle>');
export const BellIcon = make('<path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9"></path><path d="M10.3 21a2 2 0 0 0 3.4 0"></path>');
export const WrenchIcon = make('<path d="M14.7 6.3a4 4 0 0 0 5 5L21 13l-8 8-4-4 1.6-1.4m4.1-9.3L13 4.6a4 4 0 0 0-5.6 5.6L3 14.6 6 17.6l4.4-4.4"></path>');
export const PackageIcon = make('<path d="M21 8 12 3 3 8v8l9 5 9-5V8Z"></path><path d="M3 8l9 5 9-5M12 13v8M7.5 5.5l9 5"></path>');
export const SignalIcon = make('<path d="M5 12a7 7 0 0 1 14 0M8.5 12a3.5 3.5 0 0 1 7 0"></path><circle cx="12" cy="12" r="1"></circle><path d="M12 13v8"></path>');
export const PinIcon = make('<path d="M20 10c0 6-8 12-8 12S4 16 4 10a8 8 0 0 1 16 0Z"></path><circle cx="12" cy="10" r="3"></circle>');
export const PhoneIcon = make('<path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2Z"></path>');
export const MailIcon = make('<rect x="2" y="4" width="20" height="16" rx="2"></rect><path d="m22 7-10 6L2 7"></path>');
export const ClockIcon = make('<circle cx="12" cy="12" r="9"></circle><path d="M12 7v5l3 2"></path>');
export const ShieldIcon = make('<path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10Z"></path><path d="m9 12 2 2 4-4"></path>');
export const PhoneDeviceIcon = make('<rect x="6" y="2" width="12" height="20" rx="2.5"></rect><path d="M11 18h2"></path>');
export const QrIcon = make('<rect x="3" y="3" width="7" height="7" rx="1"></rect><rect x="14" y="3" width="7" height="7" rx="1"></rect><rect x="3" y="14" width="7" height="7" rx="1"></rect><path d="M14 14h3v3h-3zM20 14v.01M14 20h.01M17 20h4v-3"></path>');
export const KeyIcon = make('<circle cx="7.5" cy="15.5" r="4.5"></circle><path d="m10.7 12.3 9.8-9.8M17 6l3 3M14.5 8.5l2 2"></path>');
export const EyeIcon = make('<path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"></path><circle cx="12" cy="12" r="3"></circle>');
export const EyeOffIcon = make('<path d="M10.6 5.1A9.8 9.8 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-2.6 3.5M6.6 6.6A17 17 0 0 0 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6"></path><path d="M9.9 9.9a3 3 0 0 0 4.2 4.2M2 2l20 20"></path>');
export const LayersIcon = make('<path d="m12 2 10 5-10 5L2 7l10-5Z"></path><path d="m2 17 10 5 10-5M2 12l10 5 10-5"></path>');
export const RouteIcon = make('<circle cx="6" cy="19" r="2.5"></circle><circle cx="18" cy="5" r="2.5"></circle><path d="M8.5 19H17a3.5 3.5 0 0 0 0-7H7a3.5 3.5 0 0 1 0-7h8.5"></path>');
export const SpinnerIcon = make('<path d="M21 12a9 9 0 1 1-6.2-8.6"></path>');
export const SearchIcon = make('<circle cx="11" cy="11" r="7"></circle><path d="m20 20-3.5-3.5"></path>');
export const PlusIcon = make('<path d="M12 5v14M5 12h14"></path>');
export const RefreshIcon = make('<path d="M20 11a8 8 0 0 0-14.9-3M4 4v4h4M4 13a8 8 0 0 0 14.9 3M20 20v-4h-4"></path>');
export const DownloadIcon = make('<path d="M12 4v11M7 10l5 5 5-5M5 20h14"></path>');
export const UploadIcon = make('<path d="M12 20V9M7 14l5-5 5 5M5 4h14"></path>');
export const EditIcon = make('<path d="M4 20h4L19 9l-4-4L4 16v4ZM13.5 6.5l4 4"></path>');
export const TrashIcon = make('<path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3"></path>');
export const LockIcon = make('<rect x="4" y="10" width="16" height="11" rx="2"></rect><path d="M8 10V7a4 4 0 0 1 8 0v3"></path>');
export const FileIcon = make('<path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9l-6-6Z"></path><path d="M14 3v6h6"></path>');
export const FolderIcon = make('<path d="M3 6a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6Z"></path>');
export const UsersIcon = make('<circle cx="9" cy="8" r="3.5"></circle><path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14a6 6 0 0 1 3.5 6"></path>');
export const ListIcon = make('<path d="M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01"></path>');
export const BookIcon = make('<path d="M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2V5ZM4 19a2 2 0 0 1 2-2h13"></path>');
export const ChevronDownIcon = make('<path d="m6 9 6 6 6-6"></path>');
export const PlayIcon = make('<path d="M7 4.5v15l12.5-7.5L7 4.5Z"></path>');
export const PauseIcon = make('<path d="M8 5v14M16 5v14"></path>');
export const HomeIcon = make('<path d="M3 11 12 4l9 7M5 9.5V20h5v-6h4v6h5V9.5"></path>');
export const BoxIcon = PackageIcon;
