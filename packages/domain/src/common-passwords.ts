// Passwords too common to accept (ASVS V6.2.4), one lowercase entry per word. The first 944 are the entries of
// 8 or more characters, in rank order, of the xato.net "10 million passwords" top 10,000 (SecLists,
// Passwords/Common-Credentials), with a few offensive ones left out; the last 36 are what an attacker would try first
// on a Kenyan marketplace. Shorter entries are not listed: the policy rejects anything under 8 characters anyway.
const WORDS = `
password 12345678 123456789 baseball football qwertyuiop 1234567890 superman 1qaz2wsx trustno1 jennifer sunshine
iloveyou starwars computer michelle 11111111 princess 987654321 corvette 1234qwer 88888888 q1w2e3r4t5 internet
samantha whatever maverick steelers mercedes 123123123 qwer1234 hardcore q1w2e3r4 midnight bigdaddy victoria
1q2w3e4r cocacola marlboro asdfasdf 87654321 12344321 jordan23 jonathan liverpoo danielle abcd1234 scorpion
qazwsxedc password1 slipknot qwerty123 startrek 12341234 redskins butthead asdfghjkl qwertyui liverpool dolphins
nicholas elephant mountain xxxxxxxx 1q2w3e4r5t metallic shithead benjamin creative rush2112 asdfghjk 4815162342
passw0rd bullshit 1qazxsw2 garfield 01012011 69696969 december 11223344 godzilla airborne lifehack brooklyn
platinum darkness blink182 789456123 12qwaszx snowball pakistan redwings williams nintendo guinness november
minecraft asdf1234 lasvegas babygirl dickhead 12121212 147258369 explorer snickers metallica alexande paradise
michigan carolina lacrosse christin kimberly kristina 0987654321 poohbear bollocks qweasdzxc drowssap caroline
einstein spitfire maryjane 1232323q champion svetlana westside courtney 12345qwert patricia aaaaaaaa anderson
security stargate simpsons scarface 123456789a 1234554321 cherokee usuckballz1 veronica semperfi scotland marshall
qwerty12 98765432 softball passport franklin alexander 55555555 zaq12wsx infinity kawasaki 77777777 vladimir
freeuser wildcats budlight brittany 00000000 bulldogs swordfis patriots pearljam colorado ncc1701d motorola
logitech juventus wolverin warcraft hello123 peekaboo 123654789 panthers elizabet spiderma virginia valentin
predator mitchell 741852963 1111111111 rolltide changeme lovelove fktrcfylh loverboy chevelle cardinal michael1
147852369 american alexandr electric wolfpack spiderman darkside 123456789q 01011980 freepass 99999999 fyfcnfcbz
airplane 22222222 1029384756 cheyenne billybob lawrence pussycat 01012000 chocolat business cjkysirj 123qweasd
stingray serenity greenday charlie1 firebird blizzard a1b2c3d4 sterling password123 hercules tarheels remember
basketball zeppelin swimming pavilion engineer bobafett 21122112 darkstar icecream hellfire fireball rockstar
defender swordfish airforce abcdefgh srinivas bluebird presario wrangler precious harrison goldfish soso123aljg
dbrnjhbz thailand longhorn 123qweasdzxc wordpass 31415926 999999999 letmein1 assassin testtest microsoft devildog
valentina butterfly lonewolf babydoll atlantis montreal angelina shamrock hotstuff mistress deftones cadillac
blahblah birthday 1234abcd 01011990 cavalier veronika qazwsx123 mustang1 goldberg 12345678910 wolfgang savannah
leonardo basketba cristina aardvark sweetpea 13131313 freedom1 fredfred manchester kathleen hamilton fuckyou2
renegade drpepper bigboobs 1qaz2wsx3edc christia buckeyes 0123456789 stephani enterpri diamonds wetpussy morpheus
66666666 pornstar thuglife napoleon highland chandler trfnthbyf consumer welcome1 123qwe123 wrinkle1 51505150
11235813 butterfl elizabeth sherlock marathon access14 overlord trombone isabelle barcelona babylon5 ultimate
yankees1 superfly campbell geronimo concrete q1w2e3r4t5y6 jessica1 123454321 portugal sundance pleasure seminole
isabella 14789632 qazxswedc kingkong adgjmptw ncc1701e mongoose alejandr 1123581321 margaret bluemoon ghbdtnbr
bonehead stallion personal morrison super123 anything aleksandr rhbcnbyf dietcoke cooldude christop lollipop
fernando christian letmein2 01012010 werewolf punkrock giovanni cdtnkfyf tottenha hongkong blackcat a1234567
zzzzzzzz hollywoo florence gn56gn56 clifford stocking matthew1 immortal 44444444 makaveli sebastia ilovesex
charlott anthony1 111222333 satan666 columbia infantry eternity waterloo vanhalen skywalke seinfeld standard
squirrel qazwsxed fuckfuck wolverine robinson musicman megadeth verbatim 1q2w3e4r5t6y twilight fuckyou1 stardust
showtime 147896325 skittles shaney14 qwerty12345 123321123 intrepid sandiego punisher 1234567a dingdong 192837465
starcraft mushroom blackdog 25802580 slapshot ekaterina 123698745 1234512345 chargers warriors raistlin gangster
coltrane tacobell portland penelope 1a2b3c4d 19841984 12369874 stranger mailcreated5240 halflife qwerasdf playtime
kangaroo blackman panasonic christine beautiful spanking meridian lonestar kittycat goodluck barcelon scoobydo
crusader 12312312 hannibal guardian fuckface discover catalina 1122334455 californ angelica william1 stonecol
johnjohn septembe scarlett santiago lowrider anastasia vacation sithlord ragnarok keyboard 19921992 11112222
penguins nuttertools lorraine dkflbvbh titleist rootbeer magnolia dodgeram aspirine socrates 1234567q redalert
qqqqqqqq munchkin mersedes imperial blueeyes bigballs zaq1xsw2 sebastian research national colombia 01012001
rammstein katerina freckles caliente director qazwsxedcrfv oblivion mustangs margarita deadhead zxcv1234 porkchop
grateful fuck_inside formula1 a1s2d3f4 23232323 shopping peterpan martinez justdoit goodtime alexandra thankyou
springer software sapphire richmond kingston brucelee thunder1 qawsedrf plymouth mariners heather1 chelsea1
123456qwerty spectrum pineappl labrador 1234567890q 10101010 stephanie commando amsterdam webmaster southern
fletcher thompson candyman aquarius starfish monopoly infiniti blackjac 8j4ye3uz 19871987 0000000000 sailboat
richard1 godsmack emmanuel cosworth 19891989 rosemary lightnin chevrole catherin qwerty123456 frontier 01011991
spartans luckydog 15426378 snuggles qwertyuio qwert123 ihateyou beefcake beatrice 111111111 whocares scooter1
doberman 5555555555 dannyboy children viktoria valhalla terminator oklahoma ncc1701a keystone clarence 19751975
romashka pa55word golfball doughboy charlotte achilles patrick1 gateway1 cowboys1 9876543210 vkontakte phillies
jeremiah dilligaf atlantic 19851985 vfrcbvrf technics september pinkfloy maryland kentucky hastings frederic
agent007 19911991 01011985 somethin porsche9 hurrican california bearbear 73501505 nathalie microlab function
flamingo enterprise 19941994 19781978 01011970 truelove nebraska meatball brothers syracuse military macdaddy
diamond1 warhammer universe sentinel manchest kamikaze handsome dthjybrf designer blueblue australia 321654987
1qaz1qaz 01011981 pokemon1 19861986 01011986 superstar ssssssss rjirfrgbde meatloaf lifetime jamesbon 123456789z
woofwoof turkey50 rfnthbyf front242 apollo13 terminal starbuck lancelot gordon24 brandon1 bigmoney azsxdcfv
rightnow maradona lionking crazybab charlton 19931993 19901990 poiuytrewq passwort japanese bradford 21212121
wildfire microsof chocolate chickens arsenal1 19831983 happyday aberdeen 19951995 13243546 123456aa treasure
theodore raiders1 gretchen ericsson albatros 1passwor zxcasdqwe sojdlg123aljg mikemike michaela jackson1 excalibu
anhyeuem 78945612 trinidad greenbay greatone fordf150 applepie 963852741 18436572 lisalisa hardrock dinosaur
rastaman pa55w0rd madeline hollywood hellyeah columbus skywalker rockhard positive melissa1 kcj9wx5n hyperion
happy123 football1 february abc12345 609609609 yosemite roadkill kingfish billyboy 1qa2ws3ed 123789456 tunafish
starship saratoga robotech rasputin rangers1 passwords p0015123 nwo4life megapass kenworth hedgehog davidson
anaconda 20102010 12131415 vladislav translator splinter richards phoenix1 karolina 789789789 railroad pingpong
magicman killbill 01011989 wrestlin tommyboy sherwood passpass pass1234 majestic crawford bangbang asdasdasd
umbrella salvador operator jeanette gggggggg fktrcfylhf cinnamon chester1 broadway 01011988 underdog sunnyday
snoopdog multiplelo jasmine1 chemical chainsaw catherine canadian brighton australi alliance 19721972 19691969
supersta snowboar r2d2c3po mechanic mamapapa golfgolf ghjcnjnfr downtown christopher chicken1 bullseye 20002000
skorpion saturday peterson meredith lkjhgfdsa eastside blackhaw backdoor westwood sneakers passwor1 marino13
jamesbond getmoney flounder boomboom beerbeer apple123 01011987 01011984 undertaker sinclair samsung1 moneyman
mmmmmmmm marianne jjjjjjjj gargoyle federico amsterda 1x2zkg8w 19881988 19741974 zerocool vfvfgfgf test1234
idontknow hahahaha cambiami a123456789 19731973 03082006 02071986 vfhufhbnf pppppppp motherlode lokomotiv kristine
goldstar christina chrisbln america1 20012001 12345678q whitesox titanium thursday thirteen tazmania starfire
qwerqwer qazwsx12 panasoni paintbal newcastl giuseppe buckshot babyblue attitude 10203040 01011910 sunflowe
solution phillips knickers godfather clarinet 12345679 tomorrow southpark sersolution rhfcjnrf qwerty1234 paintball
montgom240 johannes intruder gesperrt francois dkflbckfd dfktynbyf christie callaway 19821982 19811981 12qw34er
123qwerty salamander resident poseidon pianoman chuckles avalanch 1q2w3e4r5 superman1 soko1234 soko12345 sokosoko
sokomarket marketplace safaricom safaricom1 mpesa1234 mpesa12345 kenya123 kenya1234 kenya2024 kenya2025 kenya2026
nairobi1 nairobi123 nairobi254 mombasa1 mombasa123 kisumu123 nakuru123 jambo123 jamboafrica hakunamatata harambee
uhuru123 254254254 0712345678 0722000000 0700000000 password2024 password2025 password2026 welcome123 iloveyou1
qwerty123456789
`

/** The list, lowercase; compare a lowercased password against it. */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(WORDS.split(/\s+/).filter((word) => word.length > 0))
