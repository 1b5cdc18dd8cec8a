import {
  Briefcase,
  Check,
  Copy,
  Mail,
  MessageCircle,
  MessageSquare,
  Share2,
  ThumbsUp,
} from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { COPIED_MS } from '../../../shared/constants';
import { Button } from '../../components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '../../components/ui/popover';

function shareLinks(
  url: string,
  title: string,
): Array<{ label: string; href: string; icon: ReactNode }> {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    {
      label: 'Facebook',
      href: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
      icon: <ThumbsUp />,
    },
    {
      label: 'LinkedIn',
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
      icon: <Briefcase />,
    },
    {
      label: 'Reddit',
      href: `https://www.reddit.com/submit?url=${u}&title=${t}`,
      icon: <MessageSquare />,
    },
    {
      label: 'WhatsApp',
      href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`,
      icon: <MessageCircle />,
    },
    {
      label: 'Email',
      href: `mailto:?subject=${t}&body=${encodeURIComponent(`${title}\n\n${url}`)}`,
      icon: <Mail />,
    },
  ];
}

/** 'Share this story': social links in a new tab, and Copy Link with 'Copied!' for 2 s. */
export function SharePopup({
  url,
  title,
  defaultOpen,
}: {
  url: string;
  title: string;
  defaultOpen?: boolean;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(t);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch (e) {
      console.error('Failed to copy link', e); // spec: clipboard problems are only logged
    }
  }

  return (
    <Popover defaultOpen={defaultOpen}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" className="h-8 w-8" aria-label="Share">
          <Share2 />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-64" onClick={(e) => e.stopPropagation()}>
        <p className="mb-3 text-sm font-semibold">Share this story</p>
        <div className="grid grid-cols-2 gap-2">
          {shareLinks(url, title).map((l) => (
            <Button key={l.label} asChild variant="outline" size="sm" className="justify-start">
              <a href={l.href} target="_blank" rel="noopener noreferrer">
                {l.icon}
                {l.label}
              </a>
            </Button>
          ))}
        </div>
        <Button variant="secondary" size="sm" className="mt-3 w-full" onClick={() => void copy()}>
          {copied ? <Check /> : <Copy />}
          {copied ? 'Copied!' : 'Copy Link'}
        </Button>
      </PopoverContent>
    </Popover>
  );
}
