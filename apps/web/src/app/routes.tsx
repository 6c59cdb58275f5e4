import { Navigate, type RouteObject } from 'react-router';
import { BootLoader } from '../components/full-screen-loader';
import { NotFoundPage } from '../components/not-found-page';
import { SignInPage } from '../features/auth';
import type { Area } from './navigation';
import { RequireSession } from './require-session';
import { RootLayout } from './root-layout';
import { PrivateRouteError, PublicRouteError } from './route-error';

/** A perfil guard as a lazy layout route, so the guard's UI stays out of the sign-in page's JS. */
function gate(area: Area): RouteObject['lazy'] {
  return async () => {
    const { RequirePerfil } = await import('./require-perfil');
    return { element: <RequirePerfil area={area} /> };
  };
}

/**
 * The route table of the spec (section 2). Only `/` is in the initial bundle; every other page is a
 * lazy route, shown behind the full-screen loader while its code loads. Dashboard child paths of
 * the spec whose pages do not exist yet fall through to the not-found page.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: BootLoader,
    errorElement: <PublicRouteError />,
    children: [
      { index: true, Component: SignInPage },
      {
        // Pathless: provides the query cache to every page but sign-in.
        id: 'with-query',
        lazy: async () => ({ Component: (await import('./layouts/query-layout')).QueryLayout }),
        HydrateFallback: BootLoader,
        children: [
          {
            path: 'forgotpassword',
            lazy: async () => ({ Component: (await import('../features/auth/forgot-password')).ForgotPasswordPage }),
          },
          {
            path: 'reset-password/:token',
            lazy: async () => ({ Component: (await import('../features/auth/reset-password')).ResetPasswordPage }),
          },
          {
            // The link e-mailed to a company's address (modules/companies, company-email.ts).
            path: 'confirmar-correo/:token',
            lazy: async () => ({ Component: (await import('../features/auth/confirm-company-email')).ConfirmCompanyEmailPage }),
          },
          {
            path: 'group',
            lazy: async () => ({ Component: (await import('../features/group')).GroupPage }),
          },
          {
            path: 'configuracion',
            lazy: async () => ({ Component: (await import('../features/onboarding/company')).CompanyFormPage }),
          },
          {
            path: 'configuracion-usuario',
            lazy: async () => ({ Component: (await import('../features/onboarding/user')).UserFormPage }),
          },
          {
            // The labour inspector's access (temporary key, then an employer chosen by razón social or RUT).
            path: 'fiscalizacion',
            lazy: async () => ({ Component: (await import('../features/inspectors/access')).InspectorAccessPage }),
          },
          {
            // The kiosk device: its own token, never a user session.
            path: 'kiosco',
            lazy: async () => ({ Component: (await import('../features/kiosk')).KioskPage }),
          },
          // Public receipt verification (DT Res. Ex. 38): anyone checks a receipt by its hash.
          {
            path: 'verificar',
            children: [
              { index: true, lazy: async () => ({ Component: (await import('../features/verify')).VerifyPage }) },
              { path: ':hash', lazy: async () => ({ Component: (await import('../features/verify')).VerifyResultPage }) },
            ],
          },
          {
            path: 'dashboard',
            Component: RequireSession,
            errorElement: <PrivateRouteError />,
            children: [
              {
                id: 'private-layout',
                lazy: async () => ({ Component: (await import('./layouts/private-layout')).PrivateLayout }),
                HydrateFallback: BootLoader,
                children: [
                  {
                    index: true,
                    lazy: async () => ({ Component: (await import('../features/dashboard-home')).HomePage }),
                  },
                  {
                    path: 'users',
                    children: [
                      {
                        lazy: gate('users'),
                        children: [{ index: true, lazy: async () => ({ Component: (await import('../features/users/list')).UsersPage }) }],
                      },
                      {
                        lazy: gate('usersManage'),
                        children: [
                          { path: 'register', lazy: async () => ({ Component: (await import('../features/users/register')).RegisterUserPage }) },
                        ],
                      },
                      {
                        // Anyone but a fiscalizador opens their own data at `me`; the server scopes other ids. The
                        // record's tabs (asistencia, saldos, planificación, marcas) come from their features.
                        lazy: gate('ownData'),
                        children: [{ path: ':id', lazy: async () => ({ Component: (await import('./user-record-route')).UserRecordRoute }) }],
                      },
                    ],
                  },
                  {
                    path: 'group',
                    children: [
                      {
                        lazy: gate('groups'),
                        children: [{ index: true, lazy: async () => ({ Component: (await import('../features/group/dashboard')).DashboardGroupsPage }) }],
                      },
                      {
                        lazy: gate('groupsManage'),
                        children: [
                          { path: 'edit', lazy: async () => ({ Component: (await import('../features/group/edit')).GroupEditPage }) },
                          { path: 'states', lazy: async () => ({ Component: (await import('../features/group/states')).GroupStatesPage }) },
                          {
                            path: 'assignment-leaders',
                            lazy: async () => ({ Component: (await import('../features/group/leaders')).AssignLeadersPage }),
                          },
                          {
                            path: 'assignment-masiva',
                            lazy: async () => ({ Component: (await import('../features/group/mass')).MassAssignmentPage }),
                          },
                        ],
                      },
                    ],
                  },
                  {
                    path: 'settings',
                    children: [
                      { index: true, lazy: async () => ({ Component: (await import('./settings-index')).SettingsIndex }) },
                      {
                        lazy: gate('settings'),
                        children: [
                          { path: 'company', lazy: async () => ({ Component: (await import('../features/settings/company')).CompanyPage }) },
                          { path: 'sites', lazy: async () => ({ Component: (await import('../features/settings/sites')).SitesPage }) },
                          {
                            path: 'exceptional-schedules',
                            lazy: async () => ({ Component: (await import('../features/settings/exceptional-schedules')).ExceptionalSchedulesPage }),
                          },
                          { path: 'holidays', lazy: async () => ({ Component: (await import('../features/holidays')).HolidaysPage }) },
                          { path: 'clocks', lazy: async () => ({ Component: (await import('../features/clock-devices')).ClocksPage }) },
                          { path: 'inspections', lazy: async () => ({ Component: (await import('../features/inspectors/log')).AccessLogPage }) },
                          { path: 'permission', lazy: async () => ({ Component: (await import('../features/permissions/types')).PermissionTypesPage }) },
                          { path: 'alerts', lazy: async () => ({ Component: (await import('../features/alerts')).AlertsSettingsPage }) },

                          { path: 'incidents', lazy: async () => ({ Component: (await import('../features/legal-reports/incidents')).IncidentsPage }) },
                        ],
                      },
                      {
                        // The spec puts a worker's attendance under settings; it is not a setting: open to A, S and T.
                        lazy: gate('attendanceWorker'),
                        children: [
                          { path: 'assists-user', lazy: async () => ({ Component: (await import('../features/attendance/worker')).WorkerAttendancePage }) },
                        ],
                      },
                    ],
                  },
                  // The day's attendance and a worker's month, read from the attendance evaluation.
                  {
                    lazy: gate('attendanceDay'),
                    children: [{ path: 'assists', lazy: async () => ({ Component: (await import('../features/attendance/day')).AttendanceDayPage }) }],
                  },
                  {
                    lazy: gate('inconsistencies'),
                    children: [{ path: 'inconsistencies', lazy: async () => ({ Component: (await import('../features/inconsistencies')).InconsistenciesPage }) }],
                  },
                  // Shifts, planning and the three planning uploads.
                  {
                    path: 'planning',
                    children: [
                      {
                        lazy: gate('planning'),
                        children: [{ index: true, lazy: async () => ({ Component: (await import('../features/planning')).PlanningPage }) }],
                      },
                      {
                        lazy: gate('shifts'),
                        children: [{ path: 'shift-list', lazy: async () => ({ Component: (await import('../features/shifts')).ShiftListPage }) }],
                      },
                      {
                        lazy: gate('roster'),
                        children: [{ path: 'automatic', lazy: async () => ({ Component: (await import('../features/roster')).RosterPage }) }],
                      },
                    ],
                  },
                  {
                    lazy: gate('planningManage'),
                    children: [
                      { path: 'create-planning', lazy: async () => ({ Component: (await import('../features/planning/create')).CreatePlanningPage }) },
                      {
                        path: 'bulk-planning-upload',
                        lazy: async () => ({ Component: (await import('../features/planning-uploads/planning')).BulkPlanningUploadPage }),
                      },
                      { path: 'bulk-planner', lazy: async () => ({ Component: (await import('../features/planning-uploads/planner')).BulkPlannerPage }) },
                    ],
                  },
                  {
                    lazy: gate('shiftsManage'),
                    children: [
                      { path: 'bulk-shift-upload', lazy: async () => ({ Component: (await import('../features/planning-uploads/shifts')).BulkShiftUploadPage }) },
                    ],
                  },
                  // Fingerprint (WebAuthn), kiosks and the marking PIN.
                  {
                    lazy: gate('fingerprintEnrol'),
                    children: [{ path: 'enroll-footprint', lazy: async () => ({ Component: (await import('../features/fingerprint/enroll')).EnrollFootprintPage }) }],
                  },
                  {
                    lazy: gate('fingerprintRegister'),
                    children: [
                      { path: 'footprints-register', lazy: async () => ({ Component: (await import('../features/fingerprint/register')).FootprintsRegisterPage }) },
                    ],
                  },
                  {
                    lazy: gate('kiosks'),
                    children: [{ path: 'kiosks', lazy: async () => ({ Component: (await import('../features/kiosk/admin')).KiosksPage }) }],
                  },
                  {
                    lazy: gate('pin'),
                    children: [{ path: 'pin', lazy: async () => ({ Component: (await import('../features/pin')).PinPage }) }],
                  },
                  // Web marking, receipts and marking attempts.
                  {
                    lazy: gate('webMarking'),
                    children: [{ path: 'web-marking', lazy: async () => ({ Component: (await import('./web-marking-route')).WebMarkingRoute }) }],
                  },
                  {
                    lazy: gate('receipts'),
                    children: [{ path: 'comprobantes/:id', lazy: async () => ({ Component: (await import('../features/receipts')).ReceiptPage }) }],
                  },
                  {
                    lazy: gate('markingAttempts'),
                    children: [
                      { path: 'marking-attempts', lazy: async () => ({ Component: (await import('../features/marking-attempts')).MarkingAttemptsPage }) },
                    ],
                  },
                  // Corrections of marks (objection within 48 hours, consolidation).
                  {
                    lazy: gate('corrections'),
                    children: [{ path: 'corrections', lazy: async () => ({ Component: (await import('../features/corrections')).CorrectionsPage }) }],
                  },
                  // Permissions: the team's (administrador, supervisor) and one's own requests and balance.
                  {
                    path: 'permisos',
                    children: [
                      {
                        lazy: gate('permissions'),
                        children: [{ index: true, lazy: async () => ({ Component: (await import('../features/permissions/team')).PermissionsPage }) }],
                      },
                      {
                        lazy: gate('myPermissions'),
                        children: [{ path: 'mios', lazy: async () => ({ Component: (await import('../features/permissions/mine')).MyPermissionsPage }) }],
                      },
                    ],
                  },
                  // Overtime: pacts and approval (administrador, supervisor) and one's own overtime.
                  {
                    path: 'extra-time',
                    children: [
                      { index: true, element: <Navigate to="/dashboard/extra-time/mine" replace /> },
                      {
                        lazy: gate('overtime'),
                        children: [
                          { path: 'approvals', lazy: async () => ({ Component: (await import('../features/extra-time/approvals')).ApprovalsPage }) },
                          { path: 'pacts', lazy: async () => ({ Component: (await import('../features/extra-time/pacts')).PactsPage }) },
                        ],
                      },
                      { lazy: gate('myOvertime'), children: [{ path: 'mine', lazy: async () => ({ Component: (await import('../features/extra-time/mine')).MyOvertimePage }) }] },
                    ],
                  },
                  // Remunerations: the month's pay variables, its closing and the payroll exports (administrador).
                  { lazy: gate('remunerations'), children: [{ path: 'remunerations', lazy: async () => ({ Component: (await import('../features/remunerations/remunerations')).RemunerationsPage }) }] },
                  // Reports (spec reports/*): the marks report with each mark's integrity in its hash chain.
                  {
                    path: 'reports',
                    children: [
                      { index: true, element: <Navigate to="/dashboard/reports/brand" replace /> },
                      {
                        lazy: gate('marksReport'),
                        children: [{ path: 'brand', lazy: async () => ({ Component: (await import('../features/reports/marks')).MarksReportPage }) }],
                      },
                      {
                        lazy: gate('managementReports'),
                        children: (['attendance', 'arrears', 'absences', 'assigned-permissions', 'extra-time'] as const).map((path) => ({
                          path,
                          lazy: async () => ({ Component: (await import('../features/reports/management')).managementReportPage(path) }),
                        })),
                      },
                      {
                        lazy: gate('endowmentReport'),
                        children: [{ path: 'endowment', lazy: async () => ({ Component: (await import('../features/reports/management')).managementReportPage('endowment') }) }],
                      },

                      { lazy: gate('legalReports'), children: [{ path: 'legal', lazy: async () => ({ Component: (await import('../features/legal-reports/legal-report')).LegalReportPage }) }] },
                    ],
                  },
                  { path: '*', element: <NotFoundPage embedded homePath="/dashboard" homeLabel="Volver al panel" /> },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];
