import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DocumentTitle } from './document-title';

interface AdminPageHeaderProps {
  title: string;
  /** The screen's main action, e.g. a 'Nuevo producto' link. */
  action?: ReactNode;
  /** A link up to the table a form belongs to. */
  back?: { to: string; label: string };
}

/** Each admin screen's tab title and heading. */
export function AdminPageHeader({ title, action, back }: AdminPageHeaderProps) {
  return (
    <>
      <DocumentTitle>{`${title} · Administración`}</DocumentTitle>
      {back && (
        <Link to={back.to} className="admin-page__back">
          <span aria-hidden="true">←&nbsp;</span>
          {back.label}
        </Link>
      )}
      <div className="admin-page__header">
        <h1>{title}</h1>
        {action}
      </div>
    </>
  );
}
